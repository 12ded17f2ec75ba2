"""Names of people whose families come from outside Western Europe, for every language's documents.

Nigerian (Yoruba, Igbo, Hausa), Indian, Chinese (pinyin), Vietnamese, Arabic (Maghrebi and
Levantine transliterations), Turkish, Polish, Ukrainian (English-style transliteration, and the
Polish one for Polish documents) and Romanian given names and surnames, hand-written.  About one
person in :data:`WORLD_SHARE` gets one (``slots_langs``); a language does not draw its own origin
(a Turkish name is no foreign name in a Turkish document).  ``[[i|a]]`` in a surname is its
masculine/feminine form (``Kowalsk[[i|a]]``).
"""

from __future__ import annotations

from local_model.training.langdata import T, lines, words

WORLD_SHARE = 0.15

#: origin -> (men's given names, women's given names, surnames)
ORIGINS: dict[str, tuple[T, T, T]] = {
    "ng": (
        words(
            "Chinedu Emeka Oluwaseun Babatunde Tunde Chukwuemeka Obinna Ikechukwu Adebayo Femi Olumide Musa "
            "Segun Nnamdi Kayode Gbenga Yusuf Ifeanyi Olusegun Uchenna"
        ),
        words(
            "Ngozi Chiamaka Adaeze Funmilayo Folake Yetunde Amaka Nkechi Oluwakemi Bisola Chioma Ifeoma "
            "Zainab Halima Titilayo Adenike Abimbola Omolara"
        ),
        words(
            "Okafor Adeyemi Okonkwo Eze Nwosu Obi Ogunleye Balogun Olawale Abubakar Bello Okeke Nnadi Ibekwe "
            "Chukwu Afolabi Adewale Ogundipe Akinola Danjuma Okoro Ojo Ige Oyelaran Nwachukwu Adeleke"
        ),
    ),
    "in": (
        words(
            "Rahul Arjun Vikram Sanjay Amit Rohan Anil Suresh Rajesh Karan Aditya Manoj Deepak Pradeep Vijay "
            "Nikhil Sameer Ravi Arvind Siddharth"
        ),
        words(
            "Priya Ananya Kavya Deepika Sunita Anjali Pooja Neha Shreya Lakshmi Meera Divya Aishwarya Ritu "
            "Nisha Swati Aarti Harshita"
        ),
        words(
            "Sharma Patel Singh Gupta Kumar Reddy Iyer Nair Menon Rao Joshi Mehta Shah Desai Chopra Kapoor "
            "Malhotra Verma Banerjee Chatterjee Mukherjee Das Pillai Agarwal Bhatt Naidu Krishnan Bose"
        ),
    ),
    "cn": (
        words("Wei Jun Lei Hao Qiang Jian Tao Bo Ming Zhiwei Haoran Yuxuan Jiahao Zihao Peng Gang Liang Yong"),
        words("Mei Xiaomei Lina Jing Yan Ling Hui Fang Xiuying Yuting Jiayi Xinyi Yue Lili Qian Ying Wenjing Xiaoling"),
        words(
            "Wang Li Zhang Liu Chen Yang Huang Zhao Wu Zhou Xu Sun Ma Zhu Hu Guo He Lin Gao Luo Zheng Liang Xie Tang"
        ),
    ),
    "vn": (
        words("Minh Tuấn Hùng Dũng Quang Thành Huy Khoa Long Nam Phong Trung Đức Hải Bảo Việt Sơn Cường"),
        words("Lan Hương Mai Linh Thảo Ngọc Trang Hoa Phương Thủy Hằng Nhung Yến Vy Hạnh Thu Huyền Nga"),
        words("Nguyễn Trần Lê Phạm Hoàng Huỳnh Phan Vũ Võ Đặng Bùi Đỗ Hồ Ngô Dương Lý Đinh Trịnh"),
    ),
    "ar": (
        words(
            "Mohamed Mohammed Ahmed Youssef Karim Omar Rachid Hamza Khalid Mustafa Said Tarek Bilal Samir "
            "Nabil Hassan Abdelkader Ayoub Walid Amine Mehdi Anas"
        ),
        words(
            "Fatima Amina Khadija Samira Nadia Leila Yasmina Salma Zineb Rania Hanane Meriem Imane Soukaina "
            "Aicha Noura Malika Houda Latifa"
        ),
        lines("""
            El Amrani
            Benali
            Bouzid
            El Idrissi
            Haddad
            Khoury
            Mansour
            Saleh
            Al-Hassan
            Abdullah
            Benjelloun
            Alaoui
            Cherkaoui
            El Fassi
            Toumi
            Belkacem
            Hamdi
            Najjar
            Nasser
            Qasim
            Rahman
            Hamdan
            Ziani
            Bennani
            Tazi
        """),
    ),
    "tr": (
        words(
            "Mehmet Mustafa Ahmet Ali Hüseyin Hasan İbrahim Murat Emre Burak Kemal Serkan Onur Yusuf Ömer "
            "Oğuz Cem Barış Tolga Volkan"
        ),
        words(
            "Ayşe Fatma Emine Zeynep Elif Merve Büşra Esra Özlem Derya Selin Hatice Sevgi Aslı Ebru Ceren "
            "Dilek Pınar Şeyma"
        ),
        words(
            "Yılmaz Kaya Demir Şahin Çelik Yıldız Yıldırım Öztürk Aydın Özdemir Arslan Doğan Kılıç Aslan "
            "Çetin Kara Koç Kurt Özkan Şimşek Polat Korkmaz Çakır Erdem Acar Güneş Tekin Aksoy Keskin"
        ),
    ),
    "pl": (
        words(
            "Piotr Krzysztof Tomasz Paweł Michał Marcin Łukasz Grzegorz Jakub Mateusz Marek Wojciech Kamil "
            "Bartosz Szymon Dariusz Andrzej Przemysław"
        ),
        words(
            "Katarzyna Małgorzata Agnieszka Barbara Ewa Magdalena Joanna Aleksandra Monika Dorota Justyna "
            "Karolina Beata Agata Natalia Zuzanna Paulina Grażyna"
        ),
        words(
            "Nowak Kowalsk[[i|a]] Wiśniewsk[[i|a]] Wójcik Kowalczyk Kamińsk[[i|a]] Lewandowsk[[i|a]] "
            "Zielińsk[[i|a]] Szymańsk[[i|a]] Woźniak Dąbrowsk[[i|a]] Kozłowsk[[i|a]] Jankowsk[[i|a]] Mazur "
            "Kwiatkowsk[[i|a]] Krawczyk Piotrowsk[[i|a]] Grabowsk[[i|a]] Pawłowsk[[i|a]] Michalsk[[i|a]] "
            "Adamczyk Dudek Zając Wieczorek Jabłońsk[[i|a]] Król Majewsk[[i|a]] Wróbel Malinowsk[[i|a]]"
        ),
    ),
    "ua": (
        words(
            "Oleksandr Andriy Dmytro Serhiy Volodymyr Mykola Yuriy Taras Bohdan Oleh Vasyl Maksym Vitaliy "
            "Yaroslav Ihor Petro"
        ),
        words(
            "Olena Oksana Iryna Nataliya Tetiana Svitlana Yuliia Kateryna Halyna Olha Liudmyla Mariia "
            "Anastasiia Viktoriia Khrystyna Solomiia"
        ),
        words(
            "Shevchenko Kovalenko Bondarenko Tkachenko Kravchenko Melnyk Boyko Koval Oliynyk Lysenko Moroz "
            "Savchenko Rudenko Marchenko Petrenko Kovalchuk Polishchuk Tkachuk Levchenko Hnatyuk Danylyuk "
            "Kuzmenko Pavlenko Romanenko Honcharenko Kravets Shevchuk Bilyk"
        ),
    ),
    # Ukrainian names as Polish documents spell them
    "ua_pl": (
        words(
            "Ołeksandr Andrij Dmytro Serhij Wołodymyr Mykoła Jurij Taras Bohdan Ołeh Wasyl Maksym Witalij "
            "Jarosław Ihor Petro"
        ),
        words(
            "Ołena Oksana Iryna Natalija Tetiana Switłana Julija Kateryna Hałyna Olha Ludmyła Marija "
            "Anastasija Wiktorija Chrystyna Sołomija"
        ),
        words(
            "Szewczenko Kowalenko Bondarenko Tkaczenko Krawczenko Melnyk Bojko Kowal Olijnyk Łysenko Moroz "
            "Sawczenko Rudenko Marczenko Petrenko Poliszczuk Tkaczuk Łewczenko Hnatiuk Danyliuk Kuźmenko "
            "Pawłenko Romanenko Honczarenko Krawec Szewczuk Biłyk"
        ),
    ),
    "ro": (
        words(
            "Andrei Alexandru Mihai Ionuț Florin Cristian Adrian Bogdan Gheorghe Vasile Marius Ciprian Sorin "
            "Cătălin Răzvan Dorin Ovidiu Radu"
        ),
        words(
            "Ioana Elena Andreea Mihaela Alina Cristina Gabriela Roxana Simona Daniela Oana Irina Larisa "
            "Florentina Loredana Raluca Georgiana Alexandra"
        ),
        words(
            "Popescu Ionescu Popa Pop Dumitru Stan Stoica Matei Ciobanu Constantin Rusu Munteanu Lungu "
            "Moldovan Dinu Florea Marin Toma Barbu Nistor Tudor Ene Sârbu Cristea Ungureanu Stănescu"
        ),
    ),
}

#: language -> origin -> relative weight (the communities a country's support desks hear from most
#: weigh more; a language never draws its own origin)
ORIGIN_WEIGHTS: dict[str, dict[str, float]] = {
    "pt": {"ng": 1, "in": 2, "cn": 1.5, "vn": 0.5, "ar": 1, "tr": 0.5, "pl": 0.5, "ua": 1.5, "ro": 1.5},
    "it": {"ng": 1.5, "in": 1.5, "cn": 1.5, "vn": 0.5, "ar": 2.5, "tr": 0.5, "pl": 1, "ua": 1.5, "ro": 3},
    "pl": {"ng": 0.5, "in": 1.5, "cn": 1, "vn": 2, "ar": 1, "tr": 1, "ua_pl": 6, "ro": 0.5},
    "tr": {"ng": 1, "in": 0.5, "cn": 1, "vn": 0.5, "ar": 4, "pl": 0.5, "ua": 2.5, "ro": 0.5},
    "ca": {"ng": 1, "in": 1.5, "cn": 2, "vn": 0.5, "ar": 3, "tr": 0.5, "pl": 0.5, "ua": 1.5, "ro": 2},
}
DEFAULT_ORIGIN_WEIGHTS: dict[str, float] = {o: 1.0 for o in ORIGINS if o != "ua_pl"}
