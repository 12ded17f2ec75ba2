"""Polish: templates and pools, hand-written (given names and surnames from Faker ``pl_PL``,
surnames inflected for women: ``Kowalski`` -> ``Kowalska``).

Polish declines names and nouns, so the templates keep every name in the nominative (apposition,
subject, ``jako``, a field) and ask the vocabulary for the case the sentence needs: entries carry
their forms separated by ``;`` (:data:`FORMS`), e.g. ``cukrzyca;cukrzycę;cukrzycy`` for
``Rozpoznanie: {cond}``, ``Mam {cond_acc}``, ``z powodu {cond_gen}``.  ``^`` marks a preposition
outside the span (``do ^kościoła``).  Polish has no articles: a partner phrase keeps its possessive
(``mój mąż``).
"""

from __future__ import annotations

from local_model.training.langdata import LangData, lines, words

SENTENCES = {
    "person": lines(r"""
        Nazywam się {full} i jestem [[waszym klientem|waszą klientką]] od lat.
        Z tej strony {full}, [[właściciel|właścicielka]] umowy.
        cześć, tu {first|lower}, znowu nie mam internetu
        Piszę w sprawie wczorajszej awarii, nazywam się {full}.
        Właściciel umowy: {full}
        Umowę podpisała moja siostra, {ofirst_f}, ale teraz mieszka za granicą.
        Konsultant, który mnie obsługiwał, to {ofull_m}.
        Konsultantka {ofull_f} obiecała, że ktoś oddzwoni.
        Proszę dodać osobę kontaktową: {ofull}.
        Paczkę odebrał jakiś {ofirst_m} {olast_m}, którego nie znam.
        Z tabletu korzysta mój syn, {ofirst_m}.
        W recepcji pracuje pani {ofirst_f}, proszę do niej.
        {ofull_m} jest właścicielem mieszkania i potrzebuje kopii faktury.
        Piszę w imieniu mojej mamy – {ofull_f}.
        Osoba kontaktowa: {ofull}
        Dzięki, {ofirst}, już działa!
        Cześć {ofirst}, możesz sprawdzić zgłoszenie 4471?
        Technik, niejaki {ofirst_m}, w ogóle nie przyszedł.
        konsultant {ofull_m|lower} rozłączył się w połowie rozmowy
        to znowu ja, {first|lower}, dalej nie mam zasięgu
        Jeśli nie odbieram, w mojej sprawie może też rozmawiać mój brat {ofirst_m}.
        {full|upper} ([[właściciel|właścicielka]] umowy)
    """),
    "user": lines(r"""
        Mój login to {user}, ale wyskakuje, że hasło jest złe.
        login: {user}
        Nie mogę się zalogować, użytkownik {user}.
        Zablokowało mi konto (login: {user}).
        Konto {user} zostało założone przez pomyłkę, proszę je usunąć.
        w aplikacji loguję się jako {user}
        Proszę zresetować hasło dla użytkownika {user}.
        na discordzie jestem {user}
    """),
    "email": lines(r"""
        Proszę pisać na adres {email}.
        mój mail to {email}
        Fakturę proszę wysłać na {email}.
        Zmienił[[em|am]] adres e-mail na {email}.
        e-mail: {email}
        Potwierdzenie poszło na {email}, ale go nie widzę.
        odpisujcie na {email}, nie na ten adres
    """),
    "phone": lines(r"""
        Proszę dzwonić pod numer {phone}.
        Mój numer komórki to {phone}.
        jestem dostępn[[y|a]] pod {phone} po 18
        Telefon: {phone}
        Nie działa numer {phone}.
        napiszcie SMS-a na {phone}
        Telefon stacjonarny {phone} nie ma sygnału.
        tel. kom. {phone}
        mój numer to {phone}, gdyby co
    """),
    "id": lines(r"""
        Mój PESEL to {pesel}.
        PESEL: {pesel}
        NIP {nip} – proszę wystawić fakturę na firmę.
        Prowadzę jednoosobową działalność, NIP {nip}.
        Numer dowodu osobistego: {dowod}
        seria i numer dowodu: {dowod}
        Proszę o zwrot na konto {iban}.
        Polecenie zapłaty idzie z rachunku {iban}.
        mój numer konta to {iban}
        Numer klienta {account} został obciążony dwa razy.
        Nr klienta {account}
        Wasz numer referencyjny: {contract}
        Umowa nr {contract} miała się skończyć w maju.
        dot. umowy {contract}
        VPN blokuje IP {ip}, czyli mój domowy adres.
        Były logowania z {ip}, to nie ja.
        moje IP to {ip}
    """),
    "address": lines(r"""
        Mój adres: {street}, {postcode} {city}.
        Adres do wysyłki: {street}, {postcode} {city}
        Proszę wysłać router na adres: {street}, {city}.
        Nowy adres: {street}, {postcode} {city}
        Adres korespondencyjny: {street}, {postcode} {city}
        Technik ma przyjechać na adres {street}.
        Awaria dotyczy adresu {street}.
        Pochodzę z miejscowości {city}.
        Nasze biuro: {city}, {street}.
        Kod pocztowy: {postcode}
        W czerwcu przeprowadziliśmy się do miejscowości {city}.
        mieszkam w miejscowości {city}, {postcode}
    """),
    "quasi": lines(r"""
        Mam {age} i słabo radzę sobie z komputerem.
        Mój syn ma {age} i potrzebuje własnego numeru.
        mój tata ma {age}, nie umie obsługiwać aplikacji
        Urodził[[em|am]] się {dob}.
        Data urodzenia: {dob}
        rocznik {year}, jeśli to ważne
        Moja córka urodziła się {dob}.
        Pracuję jako {job} w firmie {org}.
        Pracuję jako {job} na zmiany.
        Mój pracodawca, firma {org}, płaci rachunki.
        Od dziesięciu lat pracuję w firmie {org}.
        Jestem na emeryturze, wcześniej 30 lat pracował[[em|am]] jako {job}.
        Pracuję jako {job}, mam {age} i mieszkam w miejscowości {city}.
        Urodził[[em|am]] się w {year} roku, pracuję jako {job}.
        Moja mama ma {age} i mieszka sama (miejscowość: {city}).
        Data urodzenia: {dob}, zawód: {job}, miejscowość: {city}
        Jestem na emeryturze, mam {age} i mieszkam sam[[|a]] (miejscowość: {city}).
        Pracuję w firmie {org} w miejscowości {city} jako {job}.
        Wiek: {age} | Zawód: {job} | Miejscowość: {city}
        Urodził[[em|am]] się {dob} w miejscowości {city}.
        Moja córka ma {age} i studiuje w miejscowości {city}.
        Mam {age} i jestem bez pracy, odkąd firma {org} się zamknęła.
    """),
    "health": lines(r"""
        Mam {cond_acc} i nie mogę długo czekać przy telefonie.
        Moja mama ma {cond_acc}, dlatego telefon stacjonarny jest niezbędny.
        W zeszłym roku zdiagnozowano u mnie {cond_acc}.
        Jestem na zwolnieniu lekarskim z powodu {cond_gen}.
        Od lat leczę się na {cond_acc}.
        Jestem w trakcie {treat_gen} i ciągle jestem zmęczon[[y|a]].
        Biorę {med_acc} codziennie rano.
        Mój {spec} mówi, że nie mogę podróżować.
        W poniedziałek mam wizytę u {spec_gen}.
        Jestem {disab} i technik musi o tym wiedzieć.
        F|Jestem {preg} i nie mogę chodzić po schodach.
        F|Jestem {preg}, a łącze potrzebuję przed porodem.
        M|Moja żona jest {preg}, potrzebujemy podłączenia przed porodem.
        M|Moja żona jest {preg} i nie może przyjść do salonu.
        Moja siostra jest {preg}.
        W zeszłym miesiącu leżał[[em|am]] w szpitalu z powodu {cond_gen}.
        Mój tata po wypadku jest {disab_m}.
        Jestem pod opieką psychiatry i biorę {med_acc}.
        Moja córka od dziecka ma {cond_acc}.
        Rozpoznanie: {cond}
        Potrzebuję zwrotu kosztów za {med_acc}.
        Mam {cond_acc} i codziennie biorę {med_acc}.
        Odkąd zdiagnozowano u mnie {cond_acc}, jestem w trakcie {treat_gen}.
    """),
    "religion": lines(r"""
        Jestem {relig_ins} i w niektóre dni nie mogę pracować.
        Raz w tygodniu chodzę {rite} i wtedy nie odbieram telefonu.
        Dziś wieczorem idę {rite}, proszę zadzwonić jutro.
        W czasie {feast} nie umawiam spotkań wieczorem.
        Ze względów religijnych jem tylko {diet}.
        F|Mój mąż jest {relig_ins_m}.
        M|Moja żona jest {relig_ins_f}.
        Termin wypada w czasie {feast}.
        W czasie {feast} wyjeżdżam do rodziny.
    """),
    "orientation": lines(r"""
        Jestem {first}, a {partner} też chce być [[współwłaścicielem|współwłaścicielką]] umowy.
        Nazywam się {first}; {partner} {pfirst} i ja właśnie [[zamieszkaliśmy|zamieszkałyśmy]] razem.
        Ja, {full}, i {partner} mieszkamy pod tym samym adresem.
        Tu {first}, mam wspólne konto z {partner_ins}.
        Jestem {orient_ins} i w pracy wszyscy o tym wiedzą.
        Jestem {orient_ins}, dlatego zmienił[[em|am]] formę grzecznościową w formularzu.
        Bycie {orient_ins} w małej miejscowości nie jest łatwe.
    """),
    "politics": lines(r"""
        Jestem [[członkiem|członkinią]] {party} i w weekendy pomagam w kampanii.
        Pierwszy raz głosował[[em|am]] na {party_acc}.
        Jestem {ideo_ins} od zawsze.
        Mój tata zawsze był {ideo_ins_m}.
        Jestem [[działaczem|działaczką]] {union} w moim zakładzie pracy.
        Od dwudziestu lat należę do {union}.
        W domu wszyscy głosują na {party_acc}.
        Jestem [[radnym|radną]] z ramienia {party}.
    """),
    "criminal": lines(r"""
        Jestem {crim} i nie mogę wyjeżdżać z kraju.
        Mój brat jest {crim_m} i nie może zmienić adresu bez zgody sądu.
        Ponieważ jestem {crim}, potrzebuję internetu do rozmów z kuratorem.
        Mój syn jest {crim_m}, więc umowa musi być na mnie.
        Moja mama jest {crim_f}, więc listy proszę wysyłać do mnie.
        Szwagier jest {crim_m}, ale konto jest tylko moje.
    """),
    "immigration": lines(r"""
        Jestem w Polsce {immig} i muszę założyć konto.
        Mój brat jest tu {immig_m} i nie może podpisać umowy na telefon.
        Jestem tu {immig}, urząd wojewódzki jeszcze nie odpowiedział.
        Przyjechał[[em|am]] z Ukrainy i jestem tu {immig}; jakie dokumenty akceptujecie?
        M|Moja żona jest tu {immig_f} i potrzebuje umowy na siebie.
        Jestem tu {immig}, a paszport ma teraz mój prawnik.
    """),
    "neg": lines(r"""
        Czym jest {gcond}? Proszę wyjaśnić objawy.
        Napisz krótki tekst o chorobie: {gcond}.
        Po aktualizacji {product} nie synchronizuje danych.
        {product} i {product} – czy to ze sobą współpracuje?
        Mój {product} ciągle się restartuje.
        Dzień dobry {placeholder}, dziękujemy za wiadomość.
        Klient {placeholder} zgłasza, że {placeholder} pobrał opłatę dwa razy.
        Imię i nazwisko: {placeholder}
        Otwórz menu Ustawienia i wybierz Sieć.
        Biuro Obsługi Klienta czynne do 20:00.
        Obowiązuje Regulamin.
        Status Zamówienia: Wysłane
        Ile mieszkańców ma {gcity}?
        Jaka pogoda jest w maju w mieście {gcity}?
        Jak wygląda procedura azylowa w UE?
        Przetłumacz 'dzień dobry' na angielski.
    """),
}

FILLERS = lines(r"""
    Od poniedziałku nie mam internetu.
    Już dwa razy restartował[[em|am]] router.
    Piszę w tej sprawie już trzeci raz.
    Nikt do mnie nie oddzwonił.
    Rachunek za ten miesiąc jest wyższy.
    Aplikacja wyrzuca błąd przy płatności.
    Potrzebuję to mieć załatwione przed weekendem.
    Czekał[[em|am]] 40 minut na połączenie z konsultantem.
    Z góry dziękuję.
    Czy możecie sprawdzić, co się stało?
    Do aktualizacji wszystko działało.
    Naliczono mi opłatę za usługę, której nie zamawiał[[em|am]].
    To pilne.
    Czekam na odpowiedź.
    Sygnał zanika co wieczór.
""")

GREETINGS = lines(r"""
    Dzień dobry,
    Witam,
    Szanowni Państwo,
    Cześć,
    Witam serdecznie,
    Hej {ofirst},
    Szanowna Pani,
    Szanowny Panie,
    Dobry wieczór,
""")

CLOSINGS = lines(r"""
    Pozdrawiam,\n{full}
    Z poważaniem,\n{full}
    Pozdrawiam serdecznie\n{first}
    Dzięki,\n{first}
    Z góry dziękuję,\n{full}
    Miłego dnia,\n{first}
    Wysłane z iPhone'a
    -- {first}
    Dziękuję.
    Pozdr.\n{first|lower}
    Łączę pozdrowienia,\n{full}
""")

FORM_FIELDS = {
    "full": lines("""
        Imię i nazwisko
        Klient
        Właściciel umowy
    """),
    "email": lines("""
        E-mail
        Adres e-mail
    """),
    "phone": lines("""
        Telefon
        Nr telefonu
        Tel. kom.
    """),
    "dob": ("Data urodzenia",),
    "street": lines("""
        Adres
        Ulica
        Adres zamieszkania
    """),
    "city": lines("""
        Miejscowość
        Miasto
    """),
    "postcode": ("Kod pocztowy",),
    "natid": ("Nr dokumentu",),
    "pesel": ("PESEL",),
    "nip": ("NIP",),
    "dowod": lines("""
        Nr dowodu osobistego
        Seria i nr dowodu
    """),
    "iban": lines("""
        Nr rachunku
        Numer konta
        IBAN
    """),
    "job": lines("""
        Zawód
        Stanowisko
    """),
    "org": lines("""
        Pracodawca
        Firma
    """),
    "cond": lines("""
        Choroby przewlekłe
        Rozpoznanie
    """),
    "user": lines("""
        Login
        Nazwa użytkownika
    """),
    "age": ("Wiek",),
    "relig": ("Wyznanie",),
    "contract": lines("""
        Nr umowy
        Nr zgłoszenia
    """),
}

DOC_WORDS = {
    "chat_agent": words("Konsultant Konsultantka Asystent Bot konsultant"),
    "chat_me": words("Klient Użytkownik ja"),
    "mail_from": ("Od: ",),
    "mail_to": ("Do: ",),
    "mail_subject_key": ("Temat: ",),
    "mail_subject": lines("""
        Re: awaria
        Problem z linią
        Faktura
        Rozwiązanie umowy
        Pilne
        Fwd: umowa
        Reklamacja
    """),
    "mail_to_addr": words("bok@operator.pl pomoc@firma.pl reklamacje@sklep.pl"),
    "sig_phone": ("Tel. ", "Tel. kom. ", "Kom. ", "T. "),
    "cv_born": ("Data urodzenia: ", "Ur. "),
    "cv_experience": ("Doświadczenie zawodowe", "DOŚWIADCZENIE", "Przebieg pracy"),
    "cv_skills": ("Umiejętności: ", "Kompetencje: "),
    "cv_at": (", ", " – ", " @ ", " - "),
    "json_full": ("imie_nazwisko", "name"),
    "json_email": ("email", "adres_email"),
    "json_phone": ("telefon", "nr_tel"),
    "json_street": ("adres", "ulica"),
    "json_city": ("miasto", "miejscowosc"),
    "json_postcode": ("kod_pocztowy",),
    "json_dob": ("data_urodzenia",),
    "json_user": ("login", "uzytkownik"),
    "json_ip": ("ip",),
    "json_natid": ("pesel", "nr_dokumentu"),
    "json_iban": ("nr_konta", "iban"),
    "json_job": ("zawod",),
    "json_org": ("firma",),
    "csv_ofull": ("imie_nazwisko",),
    "csv_oemail": ("email",),
    "csv_phone": ("telefon",),
    "csv_city": ("miejscowosc",),
    "csv_postcode": ("kod",),
    "csv_job": ("zawod",),
    "csv_natid": ("pesel",),
}

CITIES = lines("""
    Warszawa
    Kraków
    Łódź
    Wrocław
    Poznań
    Gdańsk
    Szczecin
    Bydgoszcz
    Lublin
    Białystok
    Katowice
    Gdynia
    Częstochowa
    Radom
    Toruń
    Sosnowiec
    Rzeszów
    Kielce
    Gliwice
    Olsztyn
    Zabrze
    Bielsko-Biała
    Bytom
    Zielona Góra
    Rybnik
    Ruda Śląska
    Opole
    Tychy
    Gorzów Wielkopolski
    Elbląg
    Płock
    Dąbrowa Górnicza
    Wałbrzych
    Włocławek
    Tarnów
    Chorzów
    Koszalin
    Kalisz
    Legnica
    Grudziądz
    Jaworzno
    Słupsk
    Jastrzębie-Zdrój
    Nowy Sącz
    Jelenia Góra
    Siedlce
    Mysłowice
    Konin
    Piła
    Piotrków Trybunalski
    Inowrocław
    Lubin
    Ostrów Wielkopolski
    Suwałki
    Stargard
    Gniezno
    Głogów
    Zamość
    Przemyśl
    Zakopane
    Łomża
    Sopot
    Pruszków
    Otwock
    Legionowo
    Ełk
    Mielec
    Tczew
    Świdnica
    Chełm
    Biała Podlaska
    Kołobrzeg
    Ostrołęka
    Starachowice
    Wejherowo
""")

STREETS = {
    "ul_types": ("ul.", "ul.", "ul.", "ulica", "Ul."),
    "al_types": ("al.", "Al.", "aleja"),
    "os_types": ("os.", "osiedle"),
    "pl_types": ("pl.", "plac"),
    "ul_names": lines("""
        Marszałkowska
        Długa
        Polna
        Leśna
        Słoneczna
        Krótka
        Szkolna
        Ogrodowa
        Lipowa
        Kościuszki
        Mickiewicza
        Słowackiego
        Sienkiewicza
        Piłsudskiego
        3 Maja
        Jana Pawła II
        Grunwaldzka
        Kwiatowa
        Brzozowa
        Różana
        Wiejska
        Zielona
        Kolejowa
        Kościelna
        Parkowa
        Spokojna
        Łąkowa
        Sportowa
        Warszawska
        Krakowska
        Poznańska
        Wrocławska
        Piękna
        Nowy Świat
        Żeromskiego
        Reymonta
        Konopnickiej
        Kopernika
        Chopina
        Moniuszki
        Armii Krajowej
        Wojska Polskiego
        Świętokrzyska
        Puławska
        Grochowska
        Floriańska
        Piotrkowska
        Świdnicka
        Półwiejska
        Traugutta
        Batorego
        Ogińskiego
    """),
    "al_names": lines("""
        Jerozolimskie
        Niepodległości
        Solidarności
        Jana Pawła II
        Wojska Polskiego
        Grunwaldzka
        Zwycięstwa
        Kościuszki
        Mickiewicza
        Piastów
        Róż
        Lipowa
    """),
    "os_names": lines("""
        Tysiąclecia
        Kościuszkowskie
        Piastowskie
        Słoneczne
        Zielone
        Przyjaźni
        Sobieskiego
        Na Skarpie
        Kalinowe
        Bohaterów Września
    """),
    "pl_names": lines("""
        Grunwaldzki
        Wolności
        Bankowy
        Kościuszki
        Zbawiciela
        Konstytucji
        Solny
        Narutowicza
        Wilsona
        Trzech Krzyży
    """),
}

JOBS = lines("""
    [[pielęgniarz|pielęgniarka]]
    [[nauczyciel|nauczycielka]]
    [[nauczyciel|nauczycielka]] matematyki
    programist[[a|ka]]
    [[księgowy|księgowa]]
    M|elektryk
    M|hydraulik
    M|kierowca autobusu
    M|taksówkarz
    M|kurier
    [[kucharz|kucharka]]
    [[kelner|kelnerka]]
    [[kasjer|kasjerka]]
    recepcjonist[[a|ka]]
    [[farmaceuta|farmaceutka]]
    dentyst[[a|ka]]
    M|lekarz rodzinny
    F|położna
    policjant[[|ka]]
    M|strażak
    M|stolarz
    [[fryzjer|fryzjerka]]
    [[sprzątacz|sprzątaczka]]
    [[opiekun|opiekunka]] osób starszych
    [[pracownik socjalny|pracownica socjalna]]
    adwokat
    architekt
    [[analityk|analityczka]] danych
    M|kierownik projektu
    M|magazynier
    M|operator wózka widłowego
    M|ochroniarz
    [[bibliotekarz|bibliotekarka]]
    [[doktorant|doktorantka]]
    [[lekarz rezydent|lekarka rezydentka]]
    fizjoterapeut[[a|ka]]
    [[urzędnik|urzędniczka]]
    [[sprzedawca|sprzedawczyni]]
    M|mechanik samochodowy
    M|rolnik
    M|listonosz
    [[konsultant|konsultantka]] call center
    M|murarz
    [[krawiec|krawcowa]]
    M|piekarz
    M|spawacz
    [[informatyk|informatyczka]]
    [[lekarz|lekarka]]
    psycholog
    [[dziennikarz|dziennikarka]]
    agent nieruchomości
    [[pracownik biurowy|pracownica biurowa]]
    M|kierowca TIR-a
    M|operator CNC
""")

ORG_PATTERNS = lines("""
    {last} i Synowie Sp. z o.o.
    Gabinet Stomatologiczny {last}
    Kancelaria Adwokacka {last} i {last2}
    Zakład Budowlany {last}
    Transport {last} Sp. j.
    Piekarnia {last}
    Warsztat Samochodowy {last}
    Biuro Rachunkowe {last}
    {last} Instalacje Sp. z o.o.
    Firma Handlowa {last}
    Cukiernia {last}
    Przedsiębiorstwo Usługowe {last}
    Hurtownia {last}
""")

VOCAB = {
    "cond": lines("""
        cukrzyca typu 1;cukrzycę typu 1;cukrzycy typu 1
        cukrzyca typu 2;cukrzycę typu 2;cukrzycy typu 2
        astma;astmę;astmy
        padaczka;padaczkę;padaczki
        stwardnienie rozsiane;stwardnienie rozsiane;stwardnienia rozsianego
        choroba Leśniowskiego-Crohna;chorobę Leśniowskiego-Crohna;choroby Leśniowskiego-Crohna
        wrzodziejące zapalenie jelita;wrzodziejące zapalenie jelita;wrzodziejącego zapalenia jelita
        rak piersi;raka piersi;raka piersi
        rak płuc;raka płuc;raka płuc
        białaczka;białaczkę;białaczki
        chłoniak;chłoniaka;chłoniaka
        depresja;depresję;depresji
        choroba afektywna dwubiegunowa;chorobę afektywną dwubiegunową;choroby afektywnej dwubiegunowej
        zaburzenia lękowe;zaburzenia lękowe;zaburzeń lękowych
        nerwica natręctw;nerwicę natręctw;nerwicy natręctw
        schizofrenia;schizofrenię;schizofrenii
        HIV;HIV;HIV
        WZW typu C;WZW typu C;WZW typu C
        fibromialgia;fibromialgię;fibromialgii
        toczeń;toczeń;tocznia
        reumatoidalne zapalenie stawów;reumatoidalne zapalenie stawów;reumatoidalnego zapalenia stawów
        niewydolność serca;niewydolność serca;niewydolności serca
        niewydolność nerek;niewydolność nerek;niewydolności nerek
        choroba Parkinsona;chorobę Parkinsona;choroby Parkinsona
        choroba Alzheimera;chorobę Alzheimera;choroby Alzheimera
        celiakia;celiakię;celiakii
        endometrioza;endometriozę;endometriozy
        nadciśnienie;nadciśnienie;nadciśnienia
        ADHD;ADHD;ADHD
        autyzm;autyzm;autyzmu
        anoreksja;anoreksję;anoreksji
        bulimia;bulimię;bulimii
        long covid;long covid;long covid
        POChP;POChP;POChP
        zespół stresu pourazowego;zespół stresu pourazowego;zespołu stresu pourazowego
        mózgowe porażenie dziecięce;mózgowe porażenie dziecięce;mózgowego porażenia dziecięcego
        mukowiscydoza;mukowiscydozę;mukowiscydozy
    """),
    "treat": lines("""
        chemioterapia;chemioterapię;chemioterapii
        radioterapia;radioterapię;radioterapii
        dializy;dializy;dializ
        immunoterapia;immunoterapię;immunoterapii
        terapia hormonalna;terapię hormonalną;terapii hormonalnej
        psychoterapia;psychoterapię;psychoterapii
        in vitro;in vitro;in vitro
        terapia antyretrowirusowa;terapię antyretrowirusową;terapii antyretrowirusowej
        rehabilitacja po udarze;rehabilitację po udarze;rehabilitacji po udarze
        terapia uzależnień;terapię uzależnień;terapii uzależnień
        leczenie metadonem;leczenie metadonem;leczenia metadonem
    """),
    "med": lines("""
        insulina;insulinę
        metformina;metforminę
        leki przeciwdepresyjne;leki przeciwdepresyjne
        sertralina;sertralinę
        lit;lit
        metadon;metadon
        PrEP;PrEP
        leki antyretrowirusowe;leki antyretrowirusowe
        leki uspokajające;leki uspokajające
        Euthyrox;Euthyrox
        leki przeciwzakrzepowe;leki przeciwzakrzepowe
        morfina;morfinę
        leki przeciwpadaczkowe;leki przeciwpadaczkowe
        Xanax;Xanax
    """),
    "spec": lines("""
        psychiatra;psychiatry
        onkolog;onkologa
        kardiolog;kardiologa
        neurolog;neurologa
        endokrynolog;endokrynologa
        reumatolog;reumatologa
        hematolog;hematologa
        diabetolog;diabetologa
        nefrolog;nefrologa
        pulmonolog;pulmonologa
        psycholog;psychologa
        psychoterapeuta;psychoterapeuty
    """),
    "preg": lines("""
        w ciąży
        w siódmym miesiącu ciąży
        w 32. tygodniu ciąży
        w ciąży bliźniaczej
        w zagrożonej ciąży
        w drugiej ciąży
    """),
    "disab": lines("""
        niewidom[[y|a]]
        niedowidząc[[y|a]]
        głuch[[y|a]]
        niesłysząc[[y|a]]
        sparaliżowan[[y|a]] od pasa w dół
        na wózku inwalidzkim
        osobą z niepełnosprawnością
        po amputacji nogi
        osobą niepełnosprawną ruchowo
    """),
    "relig": lines("""
        [[katolik|katoliczka]];[[katolikiem|katoliczką]]
        [[muzułmanin|muzułmanka]];[[muzułmaninem|muzułmanką]]
        [[wyznawca|wyznawczyni]] judaizmu;[[wyznawcą|wyznawczynią]] judaizmu
        [[ewangelik|ewangeliczka]];[[ewangelikiem|ewangeliczką]]
        Świadek Jehowy;Świadkiem Jehowy
        [[buddysta|buddystka]];[[buddystą|buddystką]]
        [[hinduista|hinduistka]];[[hinduistą|hinduistką]]
        [[prawosławny|prawosławna]];[[prawosławny|prawosławna]]
        [[protestant|protestantka]];[[protestantem|protestantką]]
        [[adwentysta|adwentystka]];[[adwentystą|adwentystką]]
        [[grekokatolik|grekokatoliczka]];[[grekokatolikiem|grekokatoliczką]]
        [[praktykujący katolik|praktykująca katoliczka]];[[praktykującym katolikiem|praktykującą katoliczką]]
    """),
    "rite": lines("""
        do ^kościoła
        na ^mszę
        do ^meczetu
        do ^synagogi
        do ^cerkwi
        na ^nabożeństwo
        do ^Sali Królestwa
        na ^piątkową modlitwę
        do ^zboru
    """),
    "feast": lines("""
        ramadanu
        szabatu
        Jom Kipur
        Paschy
        Wielkiego Postu
        Rosz ha-Szana
        Wielkiego Tygodnia
        prawosławnych świąt
        Diwali
    """),
    "diet": lines("""
        mięso halal
        jedzenie halal
        jedzenie koszerne
        koszerne posiłki
    """),
    "orient": lines("""
        M|gej;gejem
        F|lesbijka;lesbijką
        biseksualn[[y|a]];biseksualn[[y|a]]
        homoseksualn[[y|a]];homoseksualn[[y|a]]
        aseksualn[[y|a]];aseksualn[[y|a]]
        panseksualn[[y|a]];panseksualn[[y|a]]
    """),
    "partner": lines("""
        M|mój mąż;moim mężem
        M|mój partner;moim partnerem
        M|mój chłopak;moim chłopakiem
        M|mój narzeczony;moim narzeczonym
        F|moja żona;moją żoną
        F|moja partnerka;moją partnerką
        F|moja dziewczyna;moją dziewczyną
        F|moja narzeczona;moją narzeczoną
    """),
    "party": lines("""
        PiS;PiS
        Prawa i Sprawiedliwości;Prawo i Sprawiedliwość
        Koalicji Obywatelskiej;Koalicję Obywatelską
        Platformy Obywatelskiej;Platformę Obywatelską
        Lewicy;Lewicę
        Konfederacji;Konfederację
        PSL;PSL
        Polski 2050;Polskę 2050
        partii ^Razem;partię ^Razem
        Nowej Lewicy;Nową Lewicę
    """),
    "ideo": lines("""
        lewicow[[y|a]];lewicow[[y|a]]
        prawicow[[y|a]];prawicow[[y|a]]
        [[komunista|komunistka]];[[komunistą|komunistką]]
        [[socjalista|socjalistka]];[[socjalistą|socjalistką]]
        [[anarchista|anarchistka]];[[anarchistą|anarchistką]]
        konserwatywn[[y|a]];konserwatywn[[y|a]]
        [[liberał|liberałka]];[[liberałem|liberałką]]
        [[monarchista|monarchistka]];[[monarchistą|monarchistką]]
        [[feminista|feministka]];[[feministą|feministką]]
        [[narodowiec|narodowczyni]];[[narodowcem|narodowczynią]]
        [[antyfaszysta|antyfaszystka]];[[antyfaszystą|antyfaszystką]]
    """),
    "union": lines("""
        Solidarności
        OPZZ
        ZNP
        Ogólnopolskiego Związku Zawodowego Pielęgniarek i Położnych
        Inicjatywy Pracowniczej
        Związku Zawodowego Górników
        Wolnego Związku Zawodowego Sierpień 80
        Związku Nauczycielstwa Polskiego
    """),
    "crim": lines("""
        na zwolnieniu warunkowym
        pod dozorem kuratora
        w dozorze elektronicznym
        skazan[[y|a]] za jazdę po pijanemu
        oskarżon[[y|a]] o oszustwo
        podejrzan[[y|a]] o kradzież
        skazan[[y|a]] w zawieszeniu
        na przepustce z więzienia
        w zakładzie karnym typu półotwartego
        [[karany|karana]]
        po wyroku za pobicie
        objęt[[y|a]] zakazem zbliżania się
        pod dozorem policji
        w trakcie prac społecznych
    """),
    "immig": lines("""
        jako ^osoba ubiegająca się o ochronę międzynarodową
        jako ^[[uchodźca|uchodźczyni]]
        ze statusem uchodźcy
        bez karty pobytu
        nielegalnie
        bez dokumentów
        z wygasłą wizą
        z decyzją odmowną w sprawie pobytu
        w oczekiwaniu na kartę pobytu
        z decyzją o zobowiązaniu do powrotu
        z ochroną uzupełniającą
        z ochroną czasową
        ze statusem UKR
        z wnioskiem o azyl w toku
    """),
}

#: case forms of the tables whose entries carry several (``;``), the first is the default
FORMS = {
    "cond": ("nom", "acc", "gen"),
    "treat": ("nom", "acc", "gen"),
    "med": ("nom", "acc"),
    "spec": ("nom", "gen"),
    "relig": ("nom", "ins"),
    "orient": ("nom", "ins"),
    "partner": ("nom", "ins"),
    "party": ("gen", "acc"),
    "ideo": ("nom", "ins"),
}

DATA = LangData(
    code="pl",
    locales=("pl_PL",),
    sentences=SENTENCES,
    fillers=FILLERS,
    greetings=GREETINGS,
    closings=CLOSINGS,
    form_fields=FORM_FIELDS,
    doc_words=DOC_WORDS,
    articles=frozenset(),
    cities=CITIES,
    streets=STREETS,
    jobs=JOBS,
    org_patterns=ORG_PATTERNS,
    email_domains=words(
        "gmail.com wp.pl onet.pl o2.pl interia.pl op.pl poczta.onet.pl gazeta.pl tlen.pl outlook.com vp.pl interia.eu"
    ),
    at_words=lines("""
        małpa
        (małpa)
        [at]
        at
    """),
    dot_words=lines("""
        kropka
        (kropka)
        [dot]
    """),
    digit_words=words("zero jeden dwa trzy cztery pięć sześć siedem osiem dziewięć"),
    months=words("stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października listopada grudnia"),
    vocab=VOCAB,
    forms=FORMS,
)
