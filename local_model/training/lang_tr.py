"""Turkish: templates and pools, hand-written, names included (Faker's ``tr_TR`` surnames are a
short list of public figures; its jobs are added to :data:`JOBS`).

Turkish glues case endings to names, so templates ask for them as modifiers after a proper noun:
``{city|loc}`` -> ``İzmir'de``, ``{ofirst_f|acc}`` -> ``Ayşe'yi``, ``{party|dat}`` -> ``CHP'ye``,
``{partner|da}`` -> ``kız arkadaşım da`` (see :func:`slots_langs.tr_suffix`).  Common nouns from
the vocabulary stand bare in compounds (``diyabet teşhisi``, ``MS hastasıyım``) or before
``olduğum için``; a value that opens a sentence is capitalised by ``|ucfirst``.  Addresses follow
``X Mahallesi, Y Sokak No: 12 Daire: 5, 34750 Ataşehir/İstanbul``.
"""

from __future__ import annotations

from local_model.training.langdata import LangData, lines, words

SENTENCES = {
    "person": lines(r"""
        Adım {full}, yıllardır müşterinizim.
        Ben {full}, hattın sahibiyim.
        merhaba ben {first|lower}, yine internet yok
        Dünkü arıza için yazıyorum, adım {full}.
        Abonelik {full} adına kayıtlı.
        Aboneliği kız kardeşim {ofirst_f} yaptı ama şu an yurt dışında.
        Geçen hafta müşteri hizmetlerinizden {ofull} ile görüştüm.
        {ofull|acc} ikinci irtibat kişisi olarak ekleyebilir misiniz?
        Kargoyu {ofirst_m} {olast} diye biri teslim almış, tanımıyorum.
        Tableti oğlum {ofirst_m} kullanıyor.
        Resepsiyonda {ofirst_f|acc} sorun.
        Ev sahibim {ofull_m}, faturanın bir kopyasına ihtiyacı var.
        Annem {ofull_f} adına yazıyorum.
        İrtibat kişisi: {ofull}
        Teşekkürler {ofirst}, şimdi çalışıyor!
        Merhaba {ofirst}, 4471 numaralı kaydı kontrol edebilir misin?
        Teknisyen, {ofirst_m} diye biri, hiç gelmedi.
        {ofull|lower} diye biri telefonu yüzüme kapattı
        yine ben, {first|lower}, hâlâ çekmiyor
        Açmazsam kardeşim {ofirst_m|acc} arayın.
        {full|upper} (abone)
    """),
    "user": lines(r"""
        Kullanıcı adım {user} ama şifre yanlış diyor.
        kullanıcı: {user}
        Hesabıma giremiyorum, kullanıcı adı {user}.
        Hesabım kilitlendi (kullanıcı adı: {user}).
        {user} hesabı yanlışlıkla açıldı, lütfen silin.
        uygulamaya {user} olarak giriyorum
        {user} kullanıcısının şifresini sıfırlar mısınız?
        discord'da {user} olarak varım
    """),
    "email": lines(r"""
        Bana {email} adresinden ulaşabilirsiniz.
        mail adresim {email}
        Faturayı {email} adresine gönderin lütfen.
        Geçen ay e-posta adresimi {email} olarak değiştirdim.
        e-posta: {email}
        Onay maili {email} adresine gitmiş ama bulamıyorum.
        bu adrese değil {email} adresine dönüş yapın
    """),
    "phone": lines(r"""
        Beni {phone} numarasından arayın.
        Cep telefonum {phone}.
        akşam 6'dan sonra {phone} numarasından ulaşabilirsiniz
        Telefon: {phone}
        Çalışmayan numara {phone}.
        {phone} numarasına WhatsApp'tan yazın
        Ev telefonum {phone} çalmıyor.
        cep: {phone}
        numaram {phone}, lazım olursa
    """),
    "id": lines(r"""
        T.C. Kimlik No: {tckn}
        TC kimlik numaram {tckn}.
        TCKN {tckn}, fatura için.
        kimlik no {tckn}
        Vergi numarası yerine TC kimlik numaramı yazın: {tckn}.
        Ödemeyi {iban} IBAN numarasına yapın.
        Otomatik ödeme {iban} hesabından çekiliyor.
        iade için IBAN: {iban}
        {account} müşteri numarasından iki kez ücret alındı.
        Müşteri no: {account}
        Referans numaranız: {contract}
        {contract} numaralı sözleşme mayısta bitecekti.
        sözleşme no {contract}
        VPN {ip} adresini engelliyor, o benim ev IP'm.
        {ip} adresinden girişler olmuş, ben değilim.
        IP adresim {ip}
    """),
    "address": lines(r"""
        Adresim: {street}, {postcode} {city}.
        {street} adresinde oturuyorum, {city}.
        Modemi {street}, {city} adresine gönderin.
        Yeni adres: {street}, {postcode} {city}
        Haziranda {city|dat} taşındık.
        Teknisyen {street} adresine gelmeli.
        Arıza {street} adresinde.
        Fatura adresi: {street} {postcode} {city}
        {city|abl} yazıyorum.
        Ofisimiz {city|loc}.
        Posta kodu {postcode}.
        yeni {city|dat} taşındım
        Posta kodu: {postcode}, {city}
        {street}, {postcode} {city} adresine kargo bekliyorum.
        {city|loc} oturuyorum, posta kodu {postcode}.
        Adres: {street} {postcode} {city}
    """),
    "quasi": lines(r"""
        {age} biriyim, bilgisayardan pek anlamam.
        Oğlum {age} ve kendi hattına ihtiyacı var.
        babam {age}, uygulamayı kullanamıyor
        {dob} doğumluyum.
        Doğum tarihi: {dob}
        {year} doğumluyum, işinize yararsa
        Kızım {dob} tarihinde doğdu.
        {org} firmasında {job} olarak çalışıyorum.
        {job|ucfirst} olarak vardiyalı çalışıyorum.
        Mesleğim {job}, lütfen akşam 6'dan sonra arayın.
        İşverenim {org} faturayı ödüyor.
        On yıldır {org} bünyesinde çalışıyorum.
        30 yıl {job} olarak çalıştıktan sonra geçen yıl emekli oldum.
        {job|ucfirst} olarak çalışıyorum, {age} biriyim ve {city|loc} yaşıyorum.
        {city|loc} doğdum, {year} doğumluyum.
        Annem {age} ve {city|loc} tek başına yaşıyor.
        Doğum tarihi: {dob} / Meslek: {job} / İkamet: {city}
        {city|loc} {org} firmasında {job} olarak çalışıyorum.
        Emekli {job} olarak {city|loc} yalnız yaşıyorum, {age} biriyim.
        {org} firmasında çalışıyorum, {city|loc}; mesleğim {job}.
        Yaş: {age} | Meslek: {job} | İl: {city}
        F|Kocam {age} ve {org} firmasında {job} olarak çalışıyor.
        {dob} tarihinde {city|loc} doğdum.
        Kızım {age} ve {city|loc} okuyor.
        {age} biriyim, {org} kapandığından beri işsizim.
    """),
    "health": lines(r"""
        Bende {cond} var, telefonda uzun süre bekleyemem.
        Annemde {cond} var, o yüzden sabit hat şart.
        Geçen yıl {cond} teşhisi kondu.
        {cond|ucfirst} nedeniyle raporluyum.
        Yıllardır {cond} hastasıyım.
        {treat|ucfirst} alıyorum ve sürekli yorgunum.
        Her sabah {med} kullanıyorum.
        Pazartesi {spec} randevum var.
        {spec|ucfirst} bölümünde takip ediliyorum.
        {disab|ucfirst} olduğum için teknisyenin bunu bilmesi gerekiyor.
        F|Şu an {preg} olduğum için merdiven çıkamıyorum.
        F|{preg|ucfirst} olduğum için doğumdan önce hattın açılması lazım.
        M|Eşim {preg}, doğumdan önce bağlantı lazım.
        M|Karım {preg} olduğu için mağazaya gelemiyor.
        Kız kardeşim {preg}.
        Geçen ay {cond} yüzünden hastanede yattım.
        Babam kazadan sonra {disab} kaldı.
        Psikiyatri takibindeyim ve {med} kullanıyorum.
        Kızımda küçüklüğünden beri {cond} var.
        Tanı: {cond}
        {med|ucfirst} için geri ödeme istiyorum.
        Bende {cond} var ve her gün {med} kullanıyorum.
        {cond|ucfirst} teşhisinden beri {treat} alıyorum.
    """),
    "religion": lines(r"""
        {relig|ucfirst} olduğum için bazı günler çalışamıyorum.
        Haftada bir {rite} gidiyorum, o gün telefona bakamıyorum.
        Bu akşam {rite} gideceğim, yarın arayın.
        {feast|ucfirst} boyunca akşamları randevu alamıyorum.
        Dini sebeplerle sadece {diet} yiyorum.
        F|Kocam {relig}, bazı günler işe gitmiyor.
        M|Karım {relig} ve pazar günleri evde olmuyor.
        Randevu {feast} zamanına denk geliyor.
        {feast|ucfirst} için memlekete gideceğim.
    """),
    "orientation": lines(r"""
        Ben {first}; {partner|da} sözleşmeye ortak olarak eklenmek istiyor.
        Adım {first}, {partner} {pfirst} ile yeni taşındık.
        Ben {full} ve {partner} aynı adreste oturuyoruz.
        Ben {first}; {partner} ile ortak hesabımız var.
        {orient|ucfirst} biriyim ve iş yerinde herkes biliyor.
        {orient|ucfirst} olduğum için formdaki hitap seçeneğini değiştirdim.
        Küçük bir yerde {orient} olmak kolay değil.
    """),
    "politics": lines(r"""
        {party} üyesiyim, hafta sonları kampanyaya yardım ediyorum.
        İlk kez {party|dat} oy verdim.
        {ideo|ucfirst} biriyim, hep öyleydim.
        Babam hep {ideo} biriydi.
        İş yerimde {union} temsilcisiyim.
        Yirmi yıldır {union} üyesiyim.
        Evde herkes {party|dat} oy veriyor.
        {party} belediye meclis üyesiyim.
    """),
    "criminal": lines(r"""
        {crim|ucfirst} olduğum için yurt dışına çıkamıyorum.
        Kardeşim {crim}, mahkemeye haber vermeden adres değiştiremiyor.
        {crim|ucfirst} olduğum için denetim görevlisiyle görüşmelerde internet lazım.
        Oğlum {crim}, o yüzden sözleşme benim adıma olmalı.
        Annem {crim}, mektupları bana gönderin.
        Eniştem {crim} ama hesap sadece benim.
    """),
    "immigration": lines(r"""
        Türkiye'de {immig} biri olarak hesap açmam gerekiyor.
        Kardeşim {immig} olduğu için telefon hattı alamıyor.
        {immig|ucfirst} olduğum için Göç İdaresi'nden hâlâ cevap bekliyorum.
        Suriye'den geldim, {immig} biri olarak buradayım; hangi belgeleri kabul ediyorsunuz?
        Eşim {immig} olduğu için kendi adına sözleşme yapamıyor.
        {immig|ucfirst} olduğum için pasaportum şu an avukatta.
    """),
    "neg": lines(r"""
        {gcond|ucfirst} nedir? Belirtilerini açıklar mısın?
        {gcond|ucfirst} kalıtsal mıdır?
        Okul gazetesi için {gcond} hakkında kısa bir yazı yaz.
        Güncellemeden sonra {product} senkronize olmuyor.
        {product}, {product} ile uyumlu mu?
        {product} sürekli yeniden başlıyor.
        Sayın {placeholder}, mesajınız için teşekkür ederiz.
        Müşteri {placeholder}, {placeholder} tarafından iki kez ücret alındığını bildiriyor.
        Ad Soyad: {placeholder}
        Ayarlar menüsünü açıp Ağ seçeneğine girin.
        Müşteri Hizmetleri 20.00'ye kadar açık.
        Kullanım Koşulları geçerlidir.
        Sipariş Durumu: Kargoya Verildi
        {gcity|gen} nüfusu ne kadar?
        Mayısta {gcity|loc} hava nasıl?
        Türkiye'de sığınma başvurusu nasıl yapılır?
        'Günaydın' kelimesini İngilizceye çevir.
    """),
}

FILLERS = lines(r"""
    Pazartesiden beri internetim yok.
    Modemi iki kez yeniden başlattım.
    Bu konuda üçüncü kez yazıyorum.
    Kimse geri dönüş yapmadı.
    Bu ayın faturası yüksek geldi.
    Ödeme yaparken uygulama hata veriyor.
    Hafta sonundan önce çözülmesi lazım.
    Telefonda 40 dakika bekledim.
    Şimdiden teşekkürler.
    Ne olduğunu kontrol edebilir misiniz?
    Güncellemeye kadar sorunsuz çalışıyordu.
    İstemediğim bir hizmet için ücret kesilmiş.
    Acil.
    Dönüşünüzü bekliyorum.
    Her akşam sinyal gidiyor.
""")

GREETINGS = lines(r"""
    Merhaba,
    İyi günler,
    Sayın yetkili,
    Merhabalar,
    Selam,
    Merhaba {ofirst_m} Bey,
    Merhaba {ofirst_f} Hanım,
    Sayın {ofull},
    İyi akşamlar,
""")

CLOSINGS = lines(r"""
    Saygılarımla,\n{full}
    İyi çalışmalar,\n{full}
    Teşekkürler,\n{first}
    Kolay gelsin, {first}
    Selamlar,\n{first}
    İyi günler dilerim.\n{full}
    Dönüşünüzü bekliyorum.\n{full}
    iPhone'umdan gönderildi
    -- {first}
    Teşekkür ederim.
""")

FORM_FIELDS = {
    "full": lines("""
        Ad Soyad
        Adı Soyadı
        Müşteri
        Abone
    """),
    "email": lines("""
        E-posta
        E-posta adresi
    """),
    "phone": lines("""
        Telefon
        Cep telefonu
        GSM
    """),
    "dob": ("Doğum tarihi",),
    "street": lines("""
        Adres
        Açık adres
    """),
    "city": lines("""
        İl/İlçe
        Şehir
        İlçe
    """),
    "postcode": ("Posta kodu",),
    "natid": ("Kimlik no",),
    "tckn": lines("""
        T.C. Kimlik No
        TCKN
    """),
    "iban": ("IBAN",),
    "job": ("Meslek",),
    "org": lines("""
        İşveren
        Firma
    """),
    "cond": lines("""
        Kronik hastalıklar
        Tanı
    """),
    "user": ("Kullanıcı adı",),
    "age": ("Yaş",),
    "relig": ("Din",),
    "contract": lines("""
        Sözleşme no
        Başvuru no
    """),
}

DOC_WORDS = {
    "chat_agent": words("Temsilci Asistan Destek Bot temsilci"),
    "chat_me": words("Müşteri Kullanıcı ben"),
    "mail_from": ("Kimden: ",),
    "mail_to": ("Kime: ",),
    "mail_subject_key": ("Konu: ",),
    "mail_subject": lines("""
        Re: arıza
        Hat sorunu
        Fatura
        Abonelik iptali
        Acil
        Fwd: sözleşme
        Şikâyet
    """),
    "mail_to_addr": words("destek@operator.com.tr musterihizmetleri@firma.com.tr info@magaza.com"),
    "sig_phone": ("Tel: ", "Cep: ", "GSM: ", "T. "),
    "cv_born": ("Doğum tarihi: ", "D.T.: "),
    "cv_experience": ("İş Deneyimi", "DENEYİM", "Çalıştığı Yerler"),
    "cv_skills": ("Yetkinlikler: ", "Beceriler: "),
    "cv_at": (", ", " - ", " @ "),
    "json_full": ("ad_soyad", "name"),
    "json_email": ("eposta", "email"),
    "json_phone": ("telefon", "gsm"),
    "json_street": ("adres",),
    "json_city": ("il", "sehir"),
    "json_postcode": ("posta_kodu",),
    "json_dob": ("dogum_tarihi",),
    "json_user": ("kullanici_adi",),
    "json_ip": ("ip",),
    "json_natid": ("tckn", "kimlik_no"),
    "json_iban": ("iban",),
    "json_job": ("meslek",),
    "json_org": ("firma",),
    "csv_ofull": ("ad_soyad",),
    "csv_oemail": ("eposta",),
    "csv_phone": ("telefon",),
    "csv_city": ("il",),
    "csv_postcode": ("posta_kodu",),
    "csv_job": ("meslek",),
    "csv_natid": ("tckn",),
}

_DISTRICTS = {
    "İstanbul": "Ataşehir Kadıköy Üsküdar Beşiktaş Şişli Bakırköy Esenyurt Pendik Maltepe Kartal Ümraniye Bağcılar "
    "Fatih Sarıyer Beylikdüzü Avcılar Başakşehir Küçükçekmece Bahçelievler Sultanbeyli",
    "Ankara": "Çankaya Keçiören Yenimahalle Mamak Etimesgut Sincan Altındağ Gölbaşı",
    "İzmir": "Karşıyaka Bornova Buca Konak Bayraklı Çiğli Karabağlar Urla",
    "Bursa": "Nilüfer Osmangazi Yıldırım Mudanya",
    "Antalya": "Muratpaşa Konyaaltı Kepez Alanya Manavgat",
    "Adana": "Seyhan Çukurova Yüreğir",
    "Konya": "Selçuklu Meram Karatay",
    "Gaziantep": "Şahinbey Şehitkamil",
    "Kocaeli": "İzmit Gebze Darıca",
    "Eskişehir": "Tepebaşı Odunpazarı",
    "Mersin": "Yenişehir Mezitli Tarsus",
    "Kayseri": "Melikgazi Kocasinan Talas",
    "Samsun": "Atakum İlkadım",
    "Trabzon": "Ortahisar Akçaabat",
    "Diyarbakır": "Kayapınar Bağlar",
    "Muğla": "Bodrum Fethiye Marmaris Menteşe",
    "Denizli": "Pamukkale Merkezefendi",
    "Sakarya": "Adapazarı Serdivan",
    "Tekirdağ": "Çorlu Süleymanpaşa",
}
#: "district/province" and provinces alone
CITIES = tuple(f"{d}/{p}" for p, ds in _DISTRICTS.items() for d in ds.split()) + words(
    "İstanbul Ankara İzmir Bursa Antalya Adana Konya Gaziantep Kocaeli Eskişehir Mersin Kayseri Samsun Trabzon "
    "Diyarbakır Muğla Denizli Sakarya Tekirdağ Edirne Malatya Erzurum Van Şanlıurfa Hatay Manisa Balıkesir Aydın "
    "Çanakkale Rize Ordu Zonguldak Bolu Sivas"
)

STREETS = {
    "mahalle": lines("""
        Atatürk
        Cumhuriyet
        Fatih
        Barbaros
        Yıldız
        Gazi
        Mimar Sinan
        Fevzi Çakmak
        İstiklal
        Hürriyet
        Zafer
        Yavuz Selim
        Mevlana
        Esentepe
        Merkez
        Kültür
        Güzelyalı
        Çamlık
        Yeşilyurt
        Kocatepe
        Caferağa
        Moda
        Erenköy
        Göztepe
        Suadiye
        Feneryolu
        Yenidoğan
        İnönü
        Cengiz Topel
        Adnan Kahveci
        Kazım Karabekir
        Sahrayıcedit
        Küçükbakkalköy
        Ferhatpaşa
        Hacı Bayram
        Bostanlı
    """),
    "sokak": lines("""
        Gül
        Lale
        Menekşe
        Papatya
        Nergis
        Akasya
        Çınar
        Ihlamur
        Manolya
        Zambak
        Karanfil
        Orkide
        Çiçek
        Bahar
        Güneş
        Deniz
        Dere
        Pınar
        Okul
        Cami
        Çeşme
        Bağ
        Bostan
        Kavak
        Söğüt
        Meşe
        Erguvan
        Yasemin
        Begonya
        Sümbül
        Kardelen
        Mimoza
        Defne
        Mektep
        Değirmen
        Şehit Ahmet
    """),
    "cadde": lines("""
        Bağdat
        İstiklal
        Atatürk
        Cumhuriyet
        İnönü
        Gazi Mustafa Kemal
        Fevzi Çakmak
        Ankara
        Halaskargazi
        Büyükdere
        Vatan
        Millet
        Tunalı Hilmi
        Kıbrıs Şehitleri
        Şehitler
        Plevne
        Kazım Dirik
        Necatibey
        Mithatpaşa
    """),
    "apartman": lines("""
        Yıldız Apt.
        Güneş Apt.
        Lale Apartmanı
        Deniz Sitesi A Blok
        Huzur Apt.
        Çınar Apt.
        Gül Sitesi B Blok
        Kardeşler Apt.
        Mavi Konutları C Blok
        Sevgi Apt.
        Bahar Apartmanı
        Park Evleri 3. Blok
    """),
}

JOBS = lines("""
    hemşire
    öğretmen
    matematik öğretmeni
    yazılım mühendisi
    muhasebeci
    elektrikçi
    tesisatçı
    otobüs şoförü
    taksici
    kurye
    aşçı
    garson
    kasiyer
    resepsiyonist
    eczacı
    diş hekimi
    aile hekimi
    ebe
    polis memuru
    itfaiyeci
    marangoz
    kuaför
    berber
    temizlik görevlisi
    hasta bakıcı
    sosyal hizmet uzmanı
    avukat
    mimar
    veri analisti
    proje yöneticisi
    depo görevlisi
    forklift operatörü
    güvenlik görevlisi
    kütüphaneci
    araştırma görevlisi
    fizyoterapist
    memur
    satış danışmanı
    oto tamircisi
    çiftçi
    postacı
    çağrı merkezi temsilcisi
    inşaat işçisi
    terzi
    fırıncı
    kaynakçı
    bilgisayar mühendisi
    psikolog
    gazeteci
    emlakçı
    mali müşavir
    tır şoförü
    bankacı
    öğretim üyesi
""")

ORG_PATTERNS = lines("""
    {last} İnşaat A.Ş.
    {last} Diş Polikliniği
    {last} Hukuk Bürosu
    {last} ve Ortakları Avukatlık Ortaklığı
    {last} Nakliyat Ltd. Şti.
    {last} Eczanesi
    {last} Fırını
    {last} Oto Servis
    {last} Muhasebe
    {last} Tekstil San. ve Tic. Ltd. Şti.
    {last} Mobilya
    {last} Pastanesi
    {last} Emlak
    Özel {last} Koleji
""")

VOCAB = {
    "cond": lines("""
        diyabet
        tip 1 diyabet
        tip 2 diyabet
        astım
        epilepsi
        MS
        Crohn hastalığı
        ülseratif kolit
        meme kanseri
        akciğer kanseri
        lösemi
        lenfoma
        depresyon
        bipolar bozukluk
        anksiyete bozukluğu
        obsesif kompulsif bozukluk
        şizofreni
        HIV
        hepatit C
        fibromiyalji
        lupus
        romatoid artrit
        kalp yetmezliği
        böbrek yetmezliği
        Parkinson
        Alzheimer
        çölyak
        endometriozis
        yüksek tansiyon
        DEHB
        otizm
        anoreksiya
        bulimiya
        uzun COVID
        KOAH
        travma sonrası stres bozukluğu
        panik atak
        serebral palsi
        kistik fibrozis
        Akdeniz anemisi
        FMF
    """),
    "treat": lines("""
        kemoterapi
        radyoterapi
        diyaliz tedavisi
        immünoterapi
        hormon tedavisi
        psikoterapi
        tüp bebek tedavisi
        HIV tedavisi
        inme sonrası fizik tedavi
        bağımlılık tedavisi
        AMATEM tedavisi
    """),
    "med": lines("""
        insülin
        metformin
        antidepresan
        sertralin
        lityum
        PrEP
        HIV ilacı
        sakinleştirici
        Levotiron
        kan sulandırıcı
        morfin
        epilepsi ilacı
        Xanax
        Concerta
    """),
    "spec": lines("""
        psikiyatri
        onkoloji
        kardiyoloji
        nöroloji
        endokrinoloji
        romatoloji
        enfeksiyon hastalıkları
        hematoloji
        nefroloji
        göğüs hastalıkları
    """),
    "preg": lines("""
        hamile
        yedi aylık hamile
        32 haftalık hamile
        ikiz hamile
        ikinci çocuğuma hamile
        riskli hamile
    """),
    "disab": lines("""
        görme engelli
        işitme engelli
        tekerlekli sandalye kullanıcısı
        bedensel engelli
        %80 engelli raporlu
        kör
        felçli
        ortopedik engelli
        az gören
        bir bacağı ampute
    """),
    "relig": lines("""
        Müslüman
        Sünni Müslüman
        Alevi
        Caferi
        Hristiyan
        Yahudi
        Süryani
        Ortodoks
        Katolik
        Protestan
        Yehova Şahidi
        Budist
    """),
    "rite": lines("""
        cuma namazına
        camiye
        kiliseye
        sinagoga
        cemevine
        ayine
        mevlide
        Kur'an kursuna
    """),
    "feast": lines("""
        Ramazan
        Kurban Bayramı
        Ramazan Bayramı
        Muharrem orucu
        Paskalya
        Şabat
        Yom Kipur
        Hamursuz Bayramı
        kandil gecesi
        Aşure günü
    """),
    "diet": lines("""
        helal et
        helal gıda
        koşer yemek
        helal sertifikalı ürünler
    """),
    "orient": lines("""
        gey
        F|lezbiyen
        biseksüel
        eşcinsel
        aseksüel
        panseksüel
        queer
    """),
    "partner": lines("""
        F|kız arkadaşım
        F|kız sevgilim
        F|karım
        M|erkek arkadaşım
        M|erkek sevgilim
        M|kocam
    """),
    "party": lines("""
        AK Parti
        CHP
        MHP
        İYİ Parti
        DEM Parti
        Zafer Partisi
        Yeniden Refah Partisi
        TİP
        Saadet Partisi
        Memleket Partisi
    """),
    "ideo": lines("""
        solcu
        sağcı
        komünist
        sosyalist
        anarşist
        muhafazakâr
        liberal
        milliyetçi
        ülkücü
        Kemalist
        feminist
        devrimci
        sosyal demokrat
    """),
    "union": lines("""
        DİSK
        Türk-İş
        Hak-İş
        KESK
        Eğitim-Sen
        Eğitim-Bir-Sen
        Birleşik Metal-İş
        Tez-Koop-İş
        Genel-İş
        Tüm Bel-Sen
        Memur-Sen
    """),
    "crim": lines("""
        denetimli serbestlikte
        şartlı tahliyede
        elektronik kelepçeli
        ev hapsinde
        açık cezaevinde
        hükümlü
        sabıkalı
        adli kontrol altında
        yurt dışı çıkış yasaklı
        dolandırıcılıktan yargılanan biri
        hırsızlıktan hüküm giymiş biri
        alkollü araç kullanmaktan ceza almış biri
        uzaklaştırma kararı olan biri
        hapis cezası ertelenmiş biri
    """),
    "immig": lines("""
        sığınmacı
        mülteci
        şartlı mülteci
        geçici koruma altında
        uluslararası koruma başvurusu yapmış
        ikamet izni reddedilmiş
        ikamet izni bekleyen
        kaçak durumda
        vize ihlali yapmış
        sınır dışı kararı verilmiş
        kimliksiz
        kayıt dışı
        insani ikamet izinli
    """),
}

DATA = LangData(
    code="tr",
    locales=("tr_TR",),
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
    email_domains=words("gmail.com hotmail.com outlook.com yandex.com yandex.com.tr yahoo.com mynet.com icloud.com"),
    at_words=lines("""
        et
        (et)
        [at]
    """),
    dot_words=lines("""
        nokta
        (nokta)
        [dot]
    """),
    digit_words=words("sıfır bir iki üç dört beş altı yedi sekiz dokuz"),
    months=words("Ocak Şubat Mart Nisan Mayıs Haziran Temmuz Ağustos Eylül Ekim Kasım Aralık"),
    vocab=VOCAB,
    first_m=words(
        "Mehmet Mustafa Ahmet Ali Hüseyin Hasan İbrahim İsmail Osman Yusuf Murat Ömer Ramazan Halil Süleyman "
        "Abdullah Mahmut Recep Salih Fatih Kadir Emre Hakan Adem Kemal Yaşar Bayram Burak Serkan Onur Cem Barış "
        "Tolga Volkan Oğuz Eren Kaan Emir Berk Can Arda Mert Tuncay Erkan Levent Selim Sinan Gökhan Uğur Furkan "
        "Enes Yiğit Alper Orhan Cengiz Metin"
    ),
    first_f=words(
        "Fatma Ayşe Emine Hatice Zeynep Elif Meryem Şerife Zehra Sultan Hanife Merve Özlem Esra Büşra Derya Selin "
        "Gül Sevgi Aslı Ebru Ceren Dilek Pınar Şeyma Tuğba Gizem Yasemin Melek Hülya Songül Nurcan Gülsüm Leyla "
        "Aylin İrem Ecem Buse Damla Nazlı Sibel Canan Filiz Serpil Kübra Rabia Sema Burcu Cansu Esma Eda Hande "
        "Berna Didem"
    ),
    surnames=words(
        "Yılmaz Kaya Demir Şahin Çelik Yıldız Yıldırım Öztürk Aydın Özdemir Arslan Doğan Kılıç Aslan Çetin Kara "
        "Koç Kurt Özkan Şimşek Polat Korkmaz Çakır Erdem Acar Güneş Tekin Aksoy Keskin Uçar Bulut Karaca Avcı "
        "Kaplan Yavuz Ateş Aktaş Güler Bozkurt Işık Sarı Kocabaş Altun Tuncer Ünal Özer Akın Turan Kahraman "
        "Sönmez Duman Bayram Yalçın Türkmen Coşkun Uysal Gündoğdu Karakaya Eren Sezer Dinç Başaran Oral Tan "
        "Çiftçi Taş Bilgin Akgül Ekinci Gürbüz Önal Kalkan Sevim Toprak"
    ),
)
