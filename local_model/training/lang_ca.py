"""Catalan (central, current IEC spelling: ``soc``, ``dona``): templates and pools, all
hand-written (Faker has no Catalan locale; a document's Faker instance is ``es_ES``, used for
nothing but its seed).

Names: Catalan given names and surnames with Castilian ones common in Catalonia, two surnames in
half the names, joined by ``i`` in some (``Puig i Ferrer``).  Streets: ``Carrer``, ``Avinguda``,
``Passeig``, ``Plaça``, ``Travessera``, ``Ronda`` with floors ``3r 2a``, ``entresòl``, ``àtic``.
A name takes its personal article through the ``pa_`` slots (``{pa_ofirst_f}`` -> ``la Laia``,
``l'Anna``); ``{x|de}`` writes ``de``/``d'``/``del`` before a value (``d'Olot``, ``del VIH``).
Identifiers are Spanish (DNI, NIE) and so are the IBANs.
"""

from __future__ import annotations

from local_model.training.langdata import LangData, lines, words

SENTENCES = {
    "person": lines(r"""
        Em dic {full} i soc [[client|clienta]] vostr[[e|a]] des de fa anys.
        Soc {full}, [[el titular|la titular]] del contracte.
        hola, soc {pa_first|lower}, torno a estar sense internet
        Us escriu {full} per l'avaria d'ahir.
        El contracte està a nom de {full}.
        El contracte el va fer la meva germana {ofirst_f}, però ara viu a l'estranger.
        Vaig parlar amb {ofull} del vostre servei d'atenció al client la setmana passada.
        Podeu afegir {ofull} com a persona de contacte?
        El paquet el va recollir un tal {ofirst_m} {olast}, que no conec.
        La tauleta la fa servir el meu fill, {pa_ofirst_m}.
        Pregunteu per {pa_ofirst_f} a recepció.
        {ofull_m} és el propietari del pis i necessita una còpia de la factura.
        Escric en nom de la meva mare, {ofull_f}.
        Persona de contacte: {ofull}
        Gràcies, {ofirst}, ja funciona!
        Hola {ofirst}, pots mirar la incidència 4471?
        El tècnic, un tal {ofirst_m}, no es va presentar.
        m'ha atès {ofull|lower} i m'ha penjat
        soc jo, {pa_first|lower}, continuo sense cobertura
        Si no responc, truqueu al meu germà {ofirst_m}.
        {full|upper} (titular)
    """),
    "user": lines(r"""
        El meu usuari és {user} però diu que la contrasenya és incorrecta.
        usuari: {user}
        No puc entrar al compte, l'usuari és {user}.
        M'he quedat [[bloquejat|bloquejada]] (usuari {user}).
        El compte {user} es va crear per error, esborreu-lo si us plau.
        entro a l'app com a {user}
        Podeu restablir la contrasenya de l'usuari {user}?
        al discord soc {user}
    """),
    "email": lines(r"""
        Em podeu escriure a {email}.
        el meu correu és {email}
        Envieu la factura a {email}, si us plau.
        Vaig canviar el correu a {email} el mes passat.
        correu electrònic: {email}
        La confirmació va arribar a {email} però no la trobo.
        responeu a {email} i no a aquesta adreça
    """),
    "phone": lines(r"""
        Truqueu-me al {phone}.
        El meu mòbil és el {phone}.
        em podeu trobar al {phone} a les tardes
        Telèfon: {phone}
        El número que no funciona és el {phone}.
        envieu-me un whatsapp al {phone}
        El fix {phone} no dona to.
        mòb. {phone}
        el meu número és el {phone}, per si de cas
    """),
    "id": lines(r"""
        El meu DNI és {dni}.
        DNI: {dni}
        NIE {nie}
        el document que teniu és el {dni}
        El meu NIE és {nie}, surt al contracte.
        amb DNI {dni}
        La domiciliació és al compte {iban}.
        Torneu-me els diners a l'IBAN {iban}.
        el meu compte és {iban}
        El número de client {account} té dos càrrecs.
        Compte client {account}
        La vostra referència: {contract}
        El contracte núm. {contract} havia d'acabar al maig.
        ref. contracte {contract}
        La VPN bloqueja la IP {ip}, que és la de casa.
        Hi ha hagut accessos des de {ip} que no he fet jo.
        la meva IP és {ip}
    """),
    "address": lines(r"""
        La meva adreça és {street}, {postcode} {city}.
        Adreça: {street}, {postcode} {city}
        Envieu el router a aquesta adreça: {street}, {city}.
        Nova adreça: {street}, {postcode} {city}
        Adreça de la visita tècnica: {street}
        L'avaria és a l'adreça {street}.
        Adreça de facturació: {street}, {postcode} {city}
        Soc {city|de}.
        La nostra oficina és a {city}.
        El codi postal és el {postcode}.
        Ens vam mudar a {city} al juny.
        a {city|lower} no hi ha cobertura, CP {postcode}
        Visc a {city}, CP {postcode}.
    """),
    "quasi": lines(r"""
        Tinc {age} i no m'entenc gaire amb l'ordinador.
        El meu fill té {age} i necessita una línia pròpia.
        el meu pare té {age}, no sap fer anar l'app
        Vaig néixer el {dob}.
        Data de naixement: {dob}
        soc del {year}, per si serveix
        La meva filla va néixer el {dob}.
        Treballo {job|de} a {org}.
        Soc {job} i faig torns de nit.
        Soc {job}, truqueu-me després de les 6.
        La meva empresa, {org}, paga la factura.
        Fa deu anys que treballo a {org}.
        Em vaig jubilar l'any passat després de 30 anys {job|de}.
        Soc {job}, tinc {age} i visc a {city}.
        Vaig néixer a {city} el {year} i treballo {job|de}.
        La meva mare té {age} i viu sola a {city}.
        Data de naixement: {dob} - Professió: {job} - Població: {city}
        Soc {job} jubilat[[|da]], tinc {age} i visc sol[[|a]] a {city}.
        Treballo a {org}, a {city}, com a {job}.
        Edat: {age} | Professió: {job} | Població: {city}
        Vaig néixer el {dob} a {city}.
        La meva filla té {age} i estudia a {city}.
        Tinc {age} i estic a l'atur des que {org} va tancar.
    """),
    "health": lines(r"""
        Tinc {cond} i no puc estar gaire estona al telèfon.
        La meva mare té {cond}, per això el fix és imprescindible.
        L'any passat em van diagnosticar {cond}.
        Estic de baixa per {cond}.
        Fa anys que convisc amb {cond}.
        Estic fent {treat} i estic [[molt cansat|molt cansada]].
        Prenc {med} cada matí.
        El meu {spec_m} diu que no puc viatjar.
        La meva {spec_f} m'ha fet un informe.
        Soc {disab} i cal que el tècnic ho sàpiga.
        F|Estic {preg} i no puc pujar escales.
        F|Estic {preg} i necessito la línia abans del part.
        M|La meva dona està {preg}, necessitem la instal·lació abans del part.
        M|La meva dona està {preg} i no pot venir a la botiga.
        La meva germana està {preg}.
        El mes passat em van ingressar per {cond}.
        El meu pare es va quedar {disab_m} després de l'accident.
        Em visita un psiquiatre i prenc {med}.
        La meva filla té {cond} des de petita.
        Diagnòstic: {cond_bare}
        Necessito el reemborsament {med|de}.
        Tinc {cond} i prenc {med} cada dia.
        Des que em van diagnosticar {cond} faig {treat}.
    """),
    "religion": lines(r"""
        Soc {relig} practicant i alguns dies no puc treballar.
        Un cop per setmana vaig {rite} i aquell dia no agafo el telèfon.
        Aquest vespre vaig {rite}, truqueu-me demà.
        Durant {feast} no puc quedar al vespre.
        Per motius religiosos només menjo {diet}.
        La meva família és {relig_f}.
        F|El meu marit és {relig_m} practicant.
        M|La meva dona és {relig_f} practicant.
        La visita coincideix amb {feast}.
        Seré fora per {feast}.
    """),
    "orientation": lines(r"""
        Soc {pa_first} i {partner} també vol ser cotitular del contracte.
        Em dic {first}: {partner} {pfirst} i jo ens acabem de mudar [[junts|juntes]].
        Jo, {full}, i {partner} vivim a la mateixa adreça.
        Soc {pa_first} i tinc un compte conjunt amb {partner}.
        Soc {orient} i a la feina ho sap tothom.
        Soc {orient}, per això vaig canviar el tractament al formulari.
        Ser {orient} en un poble petit no és fàcil.
    """),
    "politics": lines(r"""
        Soc militant {party} i col·laboro els caps de setmana.
        Vaig votar {party_bare} per primera vegada.
        Soc {ideo} de tota la vida.
        El meu pare sempre ha estat {ideo_m}.
        Soc [[delegat|delegada]] sindical {union} a l'empresa.
        Fa vint anys que estic [[afiliat|afiliada]] {union_a}.
        A casa tots votem {party_bare}.
        Soc [[regidor|regidora]] {party} al meu poble.
    """),
    "criminal": lines(r"""
        Estic {crim} i no puc sortir del país.
        El meu germà està {crim_m} i no pot canviar de domicili sense avisar el jutjat.
        Com que estic {crim}, necessito internet per a les entrevistes amb la tècnica de medi obert.
        El meu fill està {crim_m}, així que el contracte ha d'anar al meu nom.
        La meva mare està {crim_f}, envieu-me les cartes a mi.
        El meu cunyat està {crim_m}, però el compte és només meu.
    """),
    "immigration": lines(r"""
        Soc a Catalunya {immig} i necessito obrir un compte.
        El meu germà és aquí {immig_m} i no pot fer un contracte de mòbil.
        Soc aquí {immig} i Estrangeria encara no m'ha respost.
        Vinc d'Ucraïna i soc aquí {immig}; quins documents accepteu?
        M|La meva dona és aquí {immig_f} i necessita un contracte al seu nom.
        Soc aquí {immig} i el passaport el té l'advocada.
    """),
    "neg": lines(r"""
        Què és {gcond}? Explica'm els símptomes.
        Hi ha risc hereditari {gcond|de}?
        Escriu un article breu sobre {gcond} per a la revista de l'escola.
        {product} ha deixat de sincronitzar després de l'actualització.
        {product} funciona amb {product}?
        El meu {product} es reinicia tot sol.
        Benvolgut/da {placeholder}, gràcies pel vostre missatge.
        El client {placeholder} diu que {placeholder} li ha cobrat dues vegades.
        Nom: {placeholder}
        Obre el menú Configuració i tria Xarxa.
        L'Atenció al Client obre fins a les 20 h.
        S'apliquen Termes i Condicions.
        Estat de la Comanda: Enviada
        Quants habitants té {gcity}?
        Quin temps fa a {gcity} al maig?
        Com es demana asil a la Unió Europea?
        Tradueix 'bon dia' a l'anglès.
    """),
}

FILLERS = lines(r"""
    No tinc internet des de dilluns.
    Ja he reiniciat el router dues vegades.
    És la tercera vegada que escric per això.
    Ningú m'ha tornat la trucada.
    La factura d'aquest mes és més alta.
    L'app dona error quan intento pagar.
    Necessito que estigui resolt abans del cap de setmana.
    He estat 40 minuts esperant al telèfon.
    Gràcies per endavant.
    Podeu mirar què ha passat?
    Funcionava bé fins a l'actualització.
    M'han cobrat un servei que no vaig demanar.
    És urgent.
    Quedo a l'espera.
    El senyal es talla cada vespre.
""")

GREETINGS = lines(r"""
    Hola,
    Bon dia,
    Bona tarda,
    Benvolguts senyors,
    Hola, bon dia.
    Benvolgut {ofirst_m},
    Benvolguda {ofirst_f},
    Hola {ofirst},
    A qui correspongui:
""")

CLOSINGS = lines(r"""
    Salutacions,\n{full}
    Cordialment,\n{full}
    Gràcies,\n{first}
    Una abraçada, {first}
    Moltes gràcies,\n{full}
    Atentament,\n{full}
    Fins aviat, {first}
    Petons,\n{first|lower}
    Enviat des del meu mòbil
    -- {first}
    Moltes gràcies.
""")

FORM_FIELDS = {
    "full": lines("""
        Nom i cognoms
        Nom complet
        Client
        Titular
    """),
    "email": lines("""
        Correu electrònic
        Email
        Adreça electrònica
    """),
    "phone": lines("""
        Telèfon
        Mòbil
        Tel.
    """),
    "dob": ("Data de naixement",),
    "street": lines("""
        Adreça
        Domicili
        Carrer
    """),
    "city": lines("""
        Població
        Municipi
        Localitat
    """),
    "postcode": lines("""
        Codi postal
        CP
    """),
    "natid": lines("""
        DNI/NIE
        Document d'identitat
    """),
    "dni": ("DNI",),
    "nie": ("NIE",),
    "iban": lines("""
        IBAN
        Compte bancari
    """),
    "job": lines("""
        Professió
        Ocupació
    """),
    "org": ("Empresa",),
    "cond": lines("""
        Malalties
        Diagnòstic
        Antecedents
    """),
    "user": lines("""
        Usuari
        Nom d'usuari
    """),
    "age": ("Edat",),
    "relig": ("Religió",),
    "contract": lines("""
        Núm. de contracte
        Referència
    """),
}

DOC_WORDS = {
    "chat_agent": words("Agent Assistent Suport Bot agent"),
    "chat_me": words("Client Usuari jo"),
    "mail_from": ("De: ",),
    "mail_to": ("Per a: ",),
    "mail_subject_key": ("Assumpte: ",),
    "mail_subject": lines("""
        Re: avaria
        Problema amb la línia
        Factura
        Baixa del servei
        Urgent
        Fwd: contracte
        Reclamació
    """),
    "mail_to_addr": words("suport@empresa.cat atencio@operadora.cat info@botiga.cat"),
    "sig_phone": ("Tel. ", "Mòbil: ", "Mòb. ", "T. "),
    "cv_born": ("Data de naixement: ", "[[Nascut|Nascuda]] el "),
    "cv_experience": ("Experiència professional", "EXPERIÈNCIA", "Trajectòria"),
    "cv_skills": ("Competències: ", "Habilitats: "),
    "cv_at": (", ", " a ", " @ ", " - "),
    "json_full": ("nom", "nom_complet", "name"),
    "json_email": ("correu", "email"),
    "json_phone": ("telefon", "mobil"),
    "json_street": ("adreca", "address"),
    "json_city": ("poblacio", "municipi"),
    "json_postcode": ("codi_postal", "cp"),
    "json_dob": ("data_naixement",),
    "json_user": ("usuari",),
    "json_ip": ("ip",),
    "json_natid": ("dni", "nie"),
    "json_iban": ("iban",),
    "json_job": ("professio",),
    "json_org": ("empresa",),
    "csv_ofull": ("nom",),
    "csv_oemail": ("correu",),
    "csv_phone": ("telefon",),
    "csv_city": ("poblacio",),
    "csv_postcode": ("cp",),
    "csv_job": ("professio",),
    "csv_natid": ("dni",),
}

CITIES = lines("""
    Barcelona
    L'Hospitalet de Llobregat
    Badalona
    Terrassa
    Sabadell
    Mataró
    Santa Coloma de Gramenet
    Cornellà de Llobregat
    Sant Boi de Llobregat
    Sant Cugat del Vallès
    Rubí
    Manresa
    Vilanova i la Geltrú
    Viladecans
    Castelldefels
    Granollers
    Cerdanyola del Vallès
    Mollet del Vallès
    Esplugues de Llobregat
    Gavà
    Igualada
    Vic
    Sitges
    Martorell
    Cardedeu
    Berga
    Calella
    Malgrat de Mar
    Pineda de Mar
    Vilafranca del Penedès
    Girona
    Figueres
    Blanes
    Lloret de Mar
    Olot
    Salt
    Palafrugell
    Banyoles
    Ripoll
    Puigcerdà
    Sant Feliu de Guíxols
    Roses
    Lleida
    Balaguer
    Tàrrega
    Mollerussa
    Cervera
    Solsona
    Tremp
    Tarragona
    Reus
    Tortosa
    Amposta
    Valls
    Cambrils
    Salou
    Vila-seca
    Calafell
    Palma
    Manacor
    Inca
    Maó
    Ciutadella
    Eivissa
    València
    Gandia
    Alcoi
    Xàtiva
    Sueca
    Ontinyent
    Castelló de la Plana
    Vila-real
    Borriana
    Andorra la Vella
    Perpinyà
    Sant Adrià de Besòs
    Premià de Mar
    Arenys de Mar
    Canet de Mar
    Tordera
    Sant Celoni
    Caldes de Montbui
    Torelló
    Manlleu
    Santa Perpètua de Mogoda
    Parets del Vallès
    Ripollet
""")

STREETS = {
    "types": lines("""
        Carrer
        Carrer
        Carrer
        C/
        c/
        Avinguda
        Av.
        Avda.
        Passeig
        Pg.
        Plaça
        Pl.
        Travessera
        Ronda
        Rda.
        Rambla
        Via
        Camí
    """),
    "names": lines("""
        de Mallorca
        d'Aragó
        del Mar
        de la Riera
        de l'Església
        de les Corts
        dels Arcs
        Major
        Nou
        de Sant Antoni
        de Balmes
        de Muntaner
        de Provença
        del Consell de Cent
        de Sants
        de Gràcia
        de Sant Joan
        Diagonal
        de Catalunya
        de la Independència
        de Pere IV
        d'Urgell
        de Sardenya
        de Girona
        de Tarragona
        de Lleida
        del Comte d'Urgell
        de Pau Claris
        de Roger de Llúria
        de la Creu Coberta
        de Sant Pere
        de la Llibertat
        del Progrés
        de Prim
        de Francesc Macià
        de Lluís Companys
        de Jaume I
        de Ramon Llull
        de Pompeu Fabra
        de Mossèn Jacint Verdaguer
        de l'Estació
        del Pi
        dels Àngels
        de Santa Anna
        de la Font
        del Rec
        de les Flors
        de Montserrat
        del Doctor Trueta
    """),
    "floors": words("1r 2n 3r 4t 5è 6è 7è baixos entresòl principal pral. àtic sobreàtic"),
    "doors": words("1a 2a 3a 4a A B"),
}

JOBS = lines("""
    [[infermer|infermera]]
    [[mestre|mestra]]
    [[professor|professora]] de secundària
    [[enginyer informàtic|enginyera informàtica]]
    [[programador|programadora]]
    comptable
    electricista
    lampista
    [[conductor|conductora]] d'autobús
    taxista
    [[repartidor|repartidora]]
    [[cuiner|cuinera]]
    [[cambrer|cambrera]]
    [[caixer|caixera]]
    recepcionista
    [[farmacèutic|farmacèutica]]
    dentista
    [[metge|metgessa]] de família
    F|llevadora
    [[mosso|mossa]] d'esquadra
    [[guàrdia urbà|guàrdia urbana]]
    [[bomber|bombera]]
    [[fuster|fustera]]
    [[perruquer|perruquera]]
    [[netejador|netejadora]]
    auxiliar d'infermeria
    [[treballador social|treballadora social]]
    [[advocat|advocada]]
    [[arquitecte|arquitecta]]
    analista de dades
    cap de projecte
    [[mosso|mossa]] de magatzem
    M|carretoner
    vigilant de seguretat
    [[bibliotecari|bibliotecària]]
    [[investigador|investigadora]]
    [[doctorand|doctoranda]]
    [[metge resident|metgessa resident]]
    fisioterapeuta
    [[administratiu|administrativa]]
    [[dependent|dependenta]]
    [[mecànic|mecànica]]
    [[pagès|pagesa]]
    [[carter|cartera]]
    [[cuidador|cuidadora]] de gent gran
    [[teleoperador|teleoperadora]]
    [[funcionari|funcionària]]
    M|paleta
    [[forner|fornera]]
    [[psicòleg|psicòloga]]
    periodista
    agent immobiliari
    [[educador|educadora]] social
    [[monitor|monitora]] de lleure
    [[autònom|autònoma]]
""")

ORG_PATTERNS = lines("""
    {last} i Fills, S.L.
    Clínica Dental {last}
    {last} & {last2} Advocats
    Construccions {last}, S.A.
    Transports {last}, S.L.
    Farmàcia {last}
    Forn de Pa {last}
    Taller Mecànic {last}
    Gestoria {last}
    Fusteria {last}
    Cooperativa {last}
    Pastisseria {last}
    Assessoria {last} i {last2}
    Ferreteria {last}
    Institut {first} {last}
""")

VOCAB = {
    "cond": lines("""
        diabetis tipus 1
        diabetis tipus 2
        asma
        epilèpsia
        esclerosi múltiple
        la malaltia de Crohn
        colitis ulcerosa
        un càncer de mama
        un càncer de pulmó
        leucèmia
        un limfoma
        depressió
        trastorn bipolar
        un trastorn d'ansietat
        TOC
        esquizofrènia
        el VIH
        hepatitis C
        fibromiàlgia
        lupus
        artritis reumatoide
        insuficiència cardíaca
        insuficiència renal
        Parkinson
        Alzheimer
        celiaquia
        endometriosi
        hipertensió
        TDAH
        autisme
        anorèxia
        bulímia
        covid persistent
        MPOC
        estrès posttraumàtic
        atacs de pànic
        paràlisi cerebral
        fibrosi quística
    """),
    "treat": lines("""
        quimioteràpia
        radioteràpia
        diàlisi
        immunoteràpia
        teràpia hormonal
        psicoteràpia
        un tractament de fecundació in vitro
        tractament antiretroviral
        rehabilitació després de l'ictus
        un tractament de desintoxicació
        tractament amb metadona
    """),
    "med": lines("""
        insulina
        metformina
        antidepressius
        sertralina
        liti
        metadona
        la PrEP
        antiretrovirals
        ansiolítics
        Eutirox
        anticoagulants
        morfina
        antiepilèptics
        Trankimazin
        Concerta
    """),
    "spec": lines("""
        [[psiquiatre|psiquiatra]]
        [[oncòleg|oncòloga]]
        [[cardiòleg|cardiòloga]]
        [[neuròleg|neuròloga]]
        [[endocrí|endocrina]]
        [[reumatòleg|reumatòloga]]
        [[hematòleg|hematòloga]]
        [[nefròleg|nefròloga]]
        [[pneumòleg|pneumòloga]]
        [[psicòleg|psicòloga]]
        [[digestòleg|digestòloga]]
    """),
    "preg": lines("""
        embarassada
        embarassada de set mesos
        embarassada de 32 setmanes
        embarassada de bessons
        embarassada del segon fill
        en un embaràs de risc
    """),
    "disab": lines("""
        [[cec|cega]]
        invident
        [[sord|sorda]]
        [[paraplègic|paraplègica]]
        [[tetraplègic|tetraplègica]]
        [[usuari|usuària]] de cadira de rodes
        persona amb discapacitat
        [[amputat|amputada]] d'una cama
        [[discapacitat|discapacitada]] física
    """),
    "relig": lines("""
        [[catòlic|catòlica]]
        [[musulmà|musulmana]]
        [[jueu|jueva]]
        [[evangèlic|evangèlica]]
        testimoni de Jehovà
        budista
        hindú
        sikh
        [[ortodox|ortodoxa]]
        protestant
        adventista
        [[mormó|mormona]]
    """),
    "rite": lines("""
        a ^missa
        a la ^mesquita
        a la ^sinagoga
        al ^culte
        a ^catequesi
        a la ^Sala del Regne
        al ^temple sikh
        a l'^església evangèlica
        a l'^oratori
    """),
    "feast": lines("""
        el Ramadà
        el xabat
        el Iom Kippur
        la Pasqua jueva
        l'Aid
        el Diwali
        la Quaresma
        el Roix ha-Xanà
        la Setmana Santa
    """),
    "diet": lines("""
        halal
        kosher
        carn halal
        productes kosher
    """),
    "orient": lines("""
        gai
        F|lesbiana
        bisexual
        homosexual
        asexual
        pansexual
        queer
    """),
    "partner": lines("""
        M|el meu marit
        M|el meu xicot
        M|el meu company
        M|el meu promès
        F|la meva dona
        F|la meva xicota
        F|la meva companya
        F|la meva promesa
    """),
    "party": lines("""
        d'^ERC;a ^ERC
        de ^Junts;a ^Junts
        del ^PSC;al ^PSC
        dels ^Comuns;als ^Comuns
        de la ^CUP;a la ^CUP
        del ^PP;al ^PP
        de ^Vox;a ^Vox
        d'^Aliança Catalana;a ^Aliança Catalana
        de ^Sumar;a ^Sumar
    """),
    "ideo": lines("""
        d'esquerres
        de dretes
        comunista
        socialista
        anarquista
        [[conservador|conservadora]]
        liberal
        independentista
        unionista
        feminista
        ecologista
        antifeixista
        [[monàrquic|monàrquica]]
        [[republicà|republicana]]
    """),
    "union": lines("""
        de ^CCOO;a ^CCOO
        de la ^UGT;a la ^UGT
        de la ^CGT;a la ^CGT
        d'^USTEC·STEs;a ^USTEC·STEs
        de la ^Intersindical;a la ^Intersindical
        del ^SATSE;al ^SATSE
        de ^Metges de Catalunya;a ^Metges de Catalunya
    """),
    "crim": lines("""
        en llibertat condicional
        amb polsera telemàtica
        en arrest domiciliari
        en tercer grau
        en règim obert
        en llibertat provisional
        amb la condemna suspesa
        [[condemnat|condemnada]] per un delicte de lesions
        [[investigat|investigada]] per estafa
        pendent de judici per un robatori
        fent treballs en benefici de la comunitat
        amb una ordre d'allunyament
        en llibertat vigilada
    """),
    "immig": lines("""
        com a ^sol·licitant d'asil
        com a ^[[refugiat|refugiada]]
        amb l'estatut de [[refugiat|refugiada]]
        en situació irregular
        sense papers
        amb la residència denegada
        pendent de l'arrelament
        amb una ordre d'expulsió
        amb protecció internacional
        amb la targeta vermella
        amb protecció temporal
        amb el permís de residència caducat
        [[indocumentat|indocumentada]]
        esperant la resolució de l'asil
    """),
}

DATA = LangData(
    code="ca",
    locales=("ca_ES",),
    sentences=SENTENCES,
    fillers=FILLERS,
    greetings=GREETINGS,
    closings=CLOSINGS,
    form_fields=FORM_FIELDS,
    doc_words=DOC_WORDS,
    articles=frozenset({"el", "la", "els", "les", "un", "una", "l'"}),
    cities=CITIES,
    streets=STREETS,
    jobs=JOBS,
    org_patterns=ORG_PATTERNS,
    email_domains=words(
        "gmail.com gmail.com hotmail.com hotmail.es yahoo.es outlook.es outlook.com telefonica.net movistar.es "
        "icloud.com xtec.cat"
    ),
    at_words=lines("""
        arrova
        (arrova)
        [at]
        at
    """),
    dot_words=lines("""
        punt
        (punt)
        [dot]
    """),
    digit_words=words("zero u dos tres quatre cinc sis set vuit nou"),
    months=words("gener febrer març abril maig juny juliol agost setembre octubre novembre desembre"),
    vocab=VOCAB,
    first_m=words(
        "Jordi Pau Marc Oriol Arnau Pol Joan Josep Xavier Albert Martí Jaume Ferran Gerard Quim Roger Biel Guillem "
        "Lluís Carles Enric Narcís Ignasi Bernat Eudald Aleix Adrià Nil Jan Pere Miquel Sergi Andreu Àlex Jofre "
        "Roc Lluc Francesc Ramon Antoni Manel Toni Xavi Isaac Víctor Àngel Ricard"
    ),
    first_f=words(
        "Montserrat Núria Laia Mireia Meritxell Anna Marta Neus Roser Mercè Glòria Berta Júlia Clara Aina Ona "
        "Queralt Carla Sílvia Gemma Rosa Elisenda Eulàlia Maria Judit Ariadna Jana Abril Martina Cristina Imma "
        "Assumpta Dolors Pilar Teresa Txell Montse Alba Helena Irene Paula Marina Sara Emma Bet Fina Rut Aurora"
    ),
    surnames=words(
        "Puig Vila Serra Soler Ferrer Font Pujol Roca Riera Vidal Sala Casas Costa Planas Bosch Mas Camps Batlle "
        "Comas Prat Vilaró Oliver Mir Pons Cardona Coll Gual Bertran Ribas Fàbregas Sabaté Torrent Sunyer Rovira "
        "Farré Castells Gasull Busquets Vallès Pagès Ventura Torras Solà Bonet Grau Esteve Vives Ros Ribera "
        "Marimon Rius Vilanova Parera Codina Noguera Artigas Cases Sallent Llobet Canals Cabré Fuster García "
        "Martínez López Sánchez Fernández Rodríguez Pérez Gómez Ruiz Jiménez Moreno Muñoz Romero Navarro Torres "
        "Domínguez Gil Serrano Ortega Molina"
    ),
    forms={"party": ("de", "a"), "union": ("de", "a")},
)
