"""Italian: templates and pools, hand-written (given names and surnames from Faker ``it_IT``).

Special-category entries keep their article outside the span (``il diabete`` -> ``diabete``,
``l'asma`` -> ``asma``); ``^`` marks a preposition that stays outside too (``in ^moschea``,
``alla ^CGIL``).  Unions carry two forms: ``di`` (``della CGIL``) and ``a`` (``alla CGIL``).
"""

from __future__ import annotations

from local_model.training.langdata import LangData, lines, words

SENTENCES = {
    "person": lines(r"""
        Mi chiamo {full} e sono cliente da anni.
        Sono {full}, intestatari[[o|a]] del contratto.
        ciao, sono {first|lower}, ancora senza internet
        Vi scrive {full} per il guasto di ieri.
        Il contratto è intestato a {full}.
        Il contratto l'ha fatto mia sorella {ofirst_f}, ma adesso vive all'estero.
        Ho parlato con {ofull} del vostro servizio clienti la settimana scorsa.
        Potete aggiungere {ofull} come referente?
        Il pacco l'ha ritirato un certo {ofirst_m} {olast}, che non conosco.
        Il tablet lo usa mio figlio {ofirst_m}.
        Chiedete di {ofirst_f} alla reception.
        {ofull_m} è il proprietario dell'appartamento e gli serve una copia della bolletta.
        Scrivo a nome di mia madre, {ofull_f}.
        Referente: {ofull}
        Grazie {ofirst}, adesso funziona!
        Ciao {ofirst}, puoi controllare la pratica 4471?
        Il tecnico, un certo {ofirst_m}, non si è presentato.
        mi ha risposto {ofull|lower} e poi ha riattaccato
        sono di nuovo {first|lower}, ancora niente linea
        Se non rispondo, chiamate mio fratello {ofirst_m}.
        Sono {full|upper} (intestatari[[o|a]]).
    """),
    "user": lines(r"""
        Il mio nome utente è {user} ma dice che la password è sbagliata.
        utente: {user}
        Non riesco ad accedere, l'utente è {user}.
        Mi si è bloccato l'account (username {user}).
        L'account {user} è stato creato per errore, cancellatelo per favore.
        accedo all'app come {user}
        Potete resettare la password dell'utente {user}?
        su discord sono {user}
    """),
    "email": lines(r"""
        Potete scrivermi a {email}.
        la mia mail è {email}
        Mandate la fattura a {email}, grazie.
        Ho cambiato indirizzo email: ora è {email}.
        e-mail: {email}
        La conferma è arrivata a {email} ma non la trovo.
        rispondete a {email} e non a questo indirizzo
        la mia PEC è {email}
    """),
    "phone": lines(r"""
        Chiamatemi al {phone}.
        Il mio cellulare è il {phone}.
        mi trovate al {phone} dopo le 18
        Telefono: {phone}
        Il numero che non funziona è il {phone}.
        scrivetemi su whatsapp al {phone}
        Il fisso {phone} non dà linea.
        cell. {phone}
        il mio numero è {phone}, se serve
    """),
    "id": lines(r"""
        Il mio codice fiscale è {cf}.
        C.F. {cf}
        codice fiscale {cf}, per la fattura
        La fattura va intestata alla partita IVA {piva}.
        P.IVA {piva}
        Sono [[un libero professionista|una libera professionista]], partita IVA {piva}.
        L'addebito è sull'IBAN {iban}.
        Rimborsatemi sull'IBAN {iban}.
        il mio iban è {iban}
        Il codice cliente {account} risulta addebitato due volte.
        Codice cliente {account}
        Il vostro riferimento: {contract}
        Il contratto n. {contract} doveva scadere a maggio.
        rif. contratto {contract}
        La VPN blocca l'IP {ip}, che è quello di casa.
        Ci sono accessi da {ip} che non sono miei.
        il mio IP è {ip}
    """),
    "address": lines(r"""
        Abito in {street}, {postcode} {city}.
        Il mio indirizzo è {street}, {postcode} {city}.
        Spedite il modem a {street}, {city}.
        Nuovo indirizzo: {street}, {postcode} {city}
        Ci siamo trasferiti a {city} a giugno.
        Il tecnico deve venire in {street}.
        Il guasto è in {street}.
        Indirizzo di fatturazione: {street} - {postcode} {city}
        Sono di {city}.
        Il nostro ufficio è a {city}.
        Il CAP è {postcode}.
        abito a {city|lower} da poco
        Abito a {city}, CAP {postcode}.
        Vivo a {city} ({postcode}).
        Indirizzo: {street}, {postcode} {city}
        Sono residente a {city}, in {street}.
        La sede è a {city}, {street}, CAP {postcode}.
    """),
    "quasi": lines(r"""
        Ho {age} e non sono pratic[[o|a]] di computer.
        Mio figlio ha {age} e gli serve una linea sua.
        mio padre ha {age}, non sa usare l'app
        Sono nat[[o|a]] il {dob}.
        Data di nascita: {dob}
        sono del {year}, se serve
        Mia figlia è nata il {dob}.
        Lavoro come {job} presso {org}.
        Sono {job} e lavoro su turni.
        Sono {job}, chiamatemi dopo le 18.
        La mia azienda, {org}, paga la bolletta.
        Lavoro da dieci anni presso {org}.
        Sono in pensione dopo 30 anni da {job}.
        Sono {job}, ho {age} e vivo a {city}.
        Sono nat[[o|a]] a {city} nel {year} e lavoro come {job}.
        Mia madre ha {age} e vive da sola a {city}.
        Data di nascita: {dob} - Professione: {job} - Residenza: {city}
        Sono {job} in pensione, ho {age} e vivo da sol[[o|a]] a {city}.
        Lavoro presso {org} a {city} come {job}.
        Età: {age} | Professione: {job} | Comune: {city}
        Ho {age}, sono {job} e abito a {city}.
        F|Mio marito ha {age} e lavora come {job_m} presso {org}.
        Sono nat[[o|a]] il {dob} a {city}.
        Lavoro come {job} a {city}, presso {org}.
        Ho {age} e sono disoccupat[[o|a]] da quando {org} ha chiuso.
        Mia figlia ha {age} e studia a {city}.
        Professione: {job}; datore di lavoro: {org}; sede: {city}
    """),
    "health": lines(r"""
        Ho {cond} e non riesco a stare molto al telefono.
        Mia madre ha {cond}, per questo il fisso è indispensabile.
        Mi hanno diagnosticato {cond} l'anno scorso.
        Sono in malattia per {cond}.
        Soffro di {cond_bare} da anni.
        Sto facendo {treat} e sono sempre stanc[[o|a]].
        Prendo {med} tutte le mattine.
        Il mio {spec_m} dice che non posso viaggiare.
        La mia {spec_f} mi ha fatto un certificato.
        Sono {disab} e ho bisogno che il tecnico lo sappia.
        F|Sono {preg} e non posso fare le scale.
        F|Sono {preg}: mi serve la linea attiva prima del parto.
        M|Mia moglie è {preg}, ci serve l'allacciamento prima del parto.
        M|Mia moglie è {preg} e non può venire in negozio.
        Mia sorella è {preg}.
        Il mese scorso sono stat[[o|a]] ricoverat[[o|a]] per {cond}.
        Mio padre è rimasto {disab_m} dopo l'incidente.
        Sono seguit[[o|a]] da uno psichiatra e prendo {med}.
        Mia figlia ha {cond} da quando era piccola.
        Convivo con {cond} da anni.
        Mi serve il rimborso per {med}.
        Ho {cond} e prendo {med} tutti i giorni.
        Da quando mi hanno diagnosticato {cond} sto facendo {treat}.
    """),
    "religion": lines(r"""
        Sono {relig} praticante e certi giorni non posso lavorare.
        Una volta alla settimana vado {rite} e quel giorno non rispondo al telefono.
        Stasera vado {rite}, richiamatemi domani.
        Durante {feast} non riesco a fissare appuntamenti la sera.
        Per motivi religiosi mangio solo {diet}.
        La mia famiglia è {relig_f}.
        F|Mio marito è {relig_m} praticante.
        M|Mia moglie è {relig_f} praticante.
        L'appuntamento coincide con {feast}.
        Sarò via per {feast}.
    """),
    "orientation": lines(r"""
        Sono {first} e {partner} vuole essere cointestatari[[o|a]] del contratto.
        Mi chiamo {first}: io e {partner} {pfirst} ci siamo appena trasferit[[i|e]] insieme.
        Io, {full}, e {partner} viviamo allo stesso indirizzo.
        Sono {first} e con {partner} abbiamo un conto cointestato.
        Sono {orient} e al lavoro lo sanno tutti.
        Sono {orient}, per questo ho cambiato il titolo nel modulo.
        Essere {orient} in un paesino non è facile.
    """),
    "politics": lines(r"""
        Sono iscritt[[o|a]] {party} e faccio volantinaggio nel weekend.
        Ho votato {party_bare} per la prima volta.
        Sono {ideo} da sempre.
        Mio padre è sempre stato {ideo_m}.
        Sono delegat[[o|a]] sindacale {union} in azienda.
        Sono iscritt[[o|a]] {union_a} da vent'anni.
        A casa mia votano tutti {party_bare}.
        Sono consiglier[[e|a]] comunale {party_di}.
    """),
    "criminal": lines(r"""
        Sono {crim} e non posso lasciare il paese.
        Mio fratello è {crim_m} e non può cambiare residenza senza avvisare il giudice.
        Dato che sono {crim}, mi serve internet per i colloqui con l'assistente sociale.
        Mio figlio è {crim_m}, quindi il contratto deve essere intestato a me.
        Mia madre è {crim_f}, le lettere mandatele a me.
        Mio cognato è {crim_m}, ma il conto è solo mio.
    """),
    "immigration": lines(r"""
        Sono in Italia {immig} e devo aprire un conto.
        Mio fratello è qui {immig_m} e non riesce a fare un contratto telefonico.
        Sono qui {immig}, la questura non mi ha ancora risposto.
        Vengo dall'Ucraina e sono qui {immig}: che documenti accettate?
        M|Mia moglie è qui {immig_f} e le serve un contratto a suo nome.
        Sono qui {immig} e il passaporto ce l'ha l'avvocato.
    """),
    "neg": lines(r"""
        Che cos'è {gcond}? Spiegami i sintomi.
        Esiste una predisposizione ereditaria per {gcond}?
        Scrivi un breve articolo che parli di {gcond_bare} per il giornalino della scuola.
        {product} non si sincronizza più dopo l'aggiornamento.
        {product} funziona con {product}?
        Il mio {product} si riavvia da solo.
        Gentile {placeholder}, grazie per il messaggio.
        Il cliente {placeholder} segnala che {placeholder} gli ha addebitato due volte.
        Nome: {placeholder}
        Aprite il menu Impostazioni e scegliete Rete.
        Il Servizio Clienti è aperto fino alle 20.
        Si applicano Termini e Condizioni.
        Stato dell'Ordine: Spedito
        Quanti abitanti ha {gcity}?
        Che tempo fa a {gcity} a maggio?
        Come si chiede asilo in Europa?
        Traduci 'buongiorno' in inglese.
    """),
}

FILLERS = lines(r"""
    Sono senza internet da lunedì.
    Ho già riavviato il modem due volte.
    È la terza volta che scrivo per questo.
    Nessuno mi ha richiamato.
    La bolletta di questo mese è più alta.
    L'app dà errore quando provo a pagare.
    Mi serve risolvere entro il weekend.
    Sono rimast[[o|a]] 40 minuti in attesa al telefono.
    Grazie in anticipo.
    Potete verificare cosa è successo?
    Funzionava tutto fino all'aggiornamento.
    Mi avete addebitato un servizio mai richiesto.
    È urgente.
    Resto in attesa di un riscontro.
    Il segnale cade tutte le sere.
""")

GREETINGS = lines(r"""
    Buongiorno,
    Buonasera,
    Salve,
    Gentili signori,
    Spett.le servizio clienti,
    Ciao,
    Ciao {ofirst},
    Gentile {ofull},
    Buongiorno {ofirst},
    Alla cortese attenzione dell'ufficio reclami,
""")

CLOSINGS = lines(r"""
    Cordiali saluti,\n{full}
    Distinti saluti,\n{full}
    Grazie,\n{first}
    Saluti, {first}
    Un saluto,\n{first}
    Grazie mille, {full}
    A presto,\n{first}
    Buona giornata,\n{first}
    In attesa di riscontro, porgo cordiali saluti.\n{full}
    Inviato da iPhone
    -- {first}
    Grazie.
""")

FORM_FIELDS = {
    "full": lines("""
        Nome e cognome
        Nominativo
        Cliente
        Intestatario
    """),
    "email": lines("""
        Email
        E-mail
        Indirizzo email
    """),
    "phone": lines("""
        Telefono
        Cellulare
        Tel.
    """),
    "dob": lines("""
        Data di nascita
        Nato/a il
    """),
    "street": lines("""
        Indirizzo
        Via
        Residenza
    """),
    "city": lines("""
        Città
        Comune
        Località
    """),
    "postcode": ("CAP",),
    "natid": lines("""
        Documento
        N. documento
    """),
    "cf": lines("""
        Codice fiscale
        C.F.
        Cod. fiscale
    """),
    "piva": lines("""
        Partita IVA
        P.IVA
    """),
    "iban": lines("""
        IBAN
        Conto corrente (IBAN)
    """),
    "job": lines("""
        Professione
        Occupazione
    """),
    "org": lines("""
        Azienda
        Datore di lavoro
    """),
    "cond": lines("""
        Patologie
        Diagnosi
        Anamnesi
    """),
    "user": lines("""
        Nome utente
        Username
    """),
    "age": ("Età",),
    "relig": ("Religione",),
    "contract": lines("""
        N. contratto
        Riferimento
        Codice pratica
    """),
}

DOC_WORDS = {
    "chat_agent": words("Operatore Assistente Supporto Bot operatore"),
    "chat_me": words("Cliente Utente io"),
    "mail_from": ("Da: ",),
    "mail_to": ("A: ",),
    "mail_subject_key": ("Oggetto: ",),
    "mail_subject": lines("""
        Re: guasto
        Problema con la linea
        Fattura
        Disdetta contratto
        Urgente
        Fwd: contratto
        Reclamo
    """),
    "mail_to_addr": words("assistenza@operatore.it servizioclienti@azienda.it info@negozio.it"),
    "sig_phone": ("Tel. ", "Cell. ", "Mob. ", "T. "),
    "cv_born": ("Data di nascita: ", "Nat[[o|a]] il "),
    "cv_experience": ("Esperienza professionale", "ESPERIENZE LAVORATIVE", "Esperienze"),
    "cv_skills": ("Competenze: ", "Capacità: "),
    "cv_at": (", ", " presso ", " @ ", " - "),
    "json_full": ("nome", "nome_cognome", "name"),
    "json_email": ("email", "mail"),
    "json_phone": ("telefono", "cellulare", "phone"),
    "json_street": ("indirizzo", "address"),
    "json_city": ("citta", "comune"),
    "json_postcode": ("cap",),
    "json_dob": ("data_nascita", "dob"),
    "json_user": ("utente", "username"),
    "json_ip": ("ip", "ultimo_ip"),
    "json_natid": ("codice_fiscale", "cf"),
    "json_iban": ("iban",),
    "json_job": ("professione",),
    "json_org": ("azienda",),
    "csv_ofull": ("nome",),
    "csv_oemail": ("email",),
    "csv_phone": ("telefono",),
    "csv_city": ("citta",),
    "csv_postcode": ("cap",),
    "csv_job": ("professione",),
    "csv_natid": ("codice_fiscale",),
}

CITIES = lines("""
    Roma
    Milano
    Napoli
    Torino
    Palermo
    Genova
    Bologna
    Firenze
    Bari
    Catania
    Venezia
    Verona
    Messina
    Padova
    Trieste
    Brescia
    Parma
    Prato
    Taranto
    Modena
    Reggio Calabria
    Reggio Emilia
    Perugia
    Ravenna
    Livorno
    Cagliari
    Foggia
    Rimini
    Salerno
    Ferrara
    Sassari
    Latina
    Monza
    Siracusa
    Pescara
    Bergamo
    Forlì
    Trento
    Vicenza
    Terni
    Bolzano
    Novara
    Piacenza
    Ancona
    Andria
    Udine
    Arezzo
    Cesena
    Lecce
    Pesaro
    La Spezia
    Como
    Varese
    Lucca
    Treviso
    Pisa
    Sanremo
    Aosta
    Potenza
    Matera
    Campobasso
    L'Aquila
    Cosenza
    Caserta
    Asti
    Cuneo
    Crema
    Lodi
    Chioggia
    Gallarate
    Sesto San Giovanni
    Cinisello Balsamo
    Pozzuoli
    Torre del Greco
    Marsala
    Vigevano
    Sondrio
    Belluno
    Rovigo
    Mantova
    Cremona
    Pordenone
    Gorizia
    Bassano del Grappa
    Empoli
    Viareggio
    Fano
    Civitanova Marche
    Molfetta
    Barletta
    Trapani
    Ragusa
    Nuoro
    Olbia
    Alghero
""")

STREETS = {
    "types": lines("""
        Via
        Via
        Via
        Via
        V.
        Viale
        V.le
        Corso
        C.so
        Piazza
        P.zza
        Vicolo
        Largo
        Piazzale
        Strada
    """),
    "names": lines("""
        Roma
        Garibaldi
        Giuseppe Verdi
        Verdi
        dei Mille
        Cavour
        Mazzini
        Dante Alighieri
        Dante
        XX Settembre
        Vittorio Emanuele II
        della Repubblica
        Giacomo Matteotti
        Matteotti
        Gramsci
        Alessandro Manzoni
        San Francesco
        delle Rose
        dei Fiori
        Marconi
        Leopardi
        Carducci
        Nazionale
        IV Novembre
        Aldo Moro
        Don Minzoni
        Galileo Galilei
        Torino
        Milano
        Napoli
        Venezia
        Trieste
        Trento
        della Libertà
        Cesare Battisti
        Nino Bixio
        Oberdan
        dell'Indipendenza
        Europa
        dei Partigiani
        Risorgimento
        San Giovanni
        Santa Maria
        del Lavoro
        delle Industrie
        della Stazione
        dei Tigli
        degli Ulivi
        Giovanni Pascoli
        Petrarca
        Boccaccio
        Cristoforo Colombo
        Principe Amedeo
        Umberto I
        Regina Margherita
        Filippo Turati
        dei Caduti
        del Popolo
        Sant'Antonio
    """),
}

JOBS = lines("""
    infermier[[e|a]]
    insegnante
    maestr[[o|a]] elementare
    professor[[e|essa]] di matematica
    M|ingegnere informatico
    programmat[[ore|rice]]
    commercialista
    elettricista
    M|idraulico
    autista di autobus
    tassista
    rider
    corriere
    cuoc[[o|a]]
    camerier[[e|a]]
    cassier[[e|a]]
    receptionist
    farmacista
    dentista
    medico di base
    F|ostetrica
    M|vigile urbano
    M|carabiniere
    poliziott[[o|a]]
    vigile del fuoco
    falegname
    parrucchier[[e|a]]
    addett[[o|a]] alle pulizie
    [[operatore|operatrice]] socio-sanitari[[o|a]]
    assistente sociale
    avvocat[[o|essa]]
    architett[[o|a]]
    analista di dati
    project manager
    magazzinier[[e|a]]
    mulettista
    guardia giurata
    bibliotecari[[o|a]]
    ricercat[[ore|rice]] universitari[[o|a]]
    dottorand[[o|a]]
    specializzand[[o|a]] in medicina
    fisioterapista
    impiegat[[o|a]]
    commess[[o|a]]
    M|meccanico
    agricolt[[ore|rice]]
    postin[[o|a]]
    badante
    [[operatore|operatrice]] di call center
    dipendente pubblic[[o|a]]
    M|muratore
    sart[[o|a]]
    panettier[[e|a]]
    barista
    geometra
    ragionier[[e|a]]
    insegnante di sostegno
    educat[[ore|rice]]
    giornalista
    agente immobiliare
""")

ORG_PATTERNS = lines("""
    {last} & Figli S.r.l.
    Studio Dentistico {last}
    Studio Legale {last} & {last2}
    Costruzioni {last} S.p.A.
    Autotrasporti {last} S.n.c.
    Farmacia {last}
    Panificio {last}
    Officina {last}
    Istituto Comprensivo {first} {last}
    Studio {last} Commercialisti Associati
    Ferramenta {last}
    {last} Impianti S.r.l.
    Pasticceria {last}
    Agenzia Immobiliare {last}
""")

VOCAB = {
    "cond": lines("""
        il diabete di tipo 1
        il diabete di tipo 2
        l'asma
        l'epilessia
        la sclerosi multipla
        il morbo di Crohn
        la rettocolite ulcerosa
        un tumore al seno
        un tumore ai polmoni
        la leucemia
        un linfoma
        la depressione
        il disturbo bipolare
        un disturbo d'ansia
        il disturbo ossessivo-compulsivo
        la schizofrenia
        l'HIV
        l'epatite C
        la fibromialgia
        il lupus
        l'artrite reumatoide
        lo scompenso cardiaco
        l'insufficienza renale
        il Parkinson
        l'Alzheimer
        la celiachia
        l'endometriosi
        l'ipertensione
        l'ADHD
        un disturbo dello spettro autistico
        l'anoressia
        la bulimia
        il long covid
        la BPCO
        il disturbo da stress post-traumatico
        gli attacchi di panico
        la paralisi cerebrale
        la fibrosi cistica
        la talassemia
    """),
    "treat": lines("""
        la chemioterapia
        la radioterapia
        la dialisi
        l'immunoterapia
        la terapia ormonale
        la psicoterapia
        la fecondazione assistita
        la terapia antiretrovirale
        la riabilitazione dopo l'ictus
        un percorso al SerD
        la terapia con il metadone
    """),
    "med": lines("""
        l'insulina
        la metformina
        gli antidepressivi
        la sertralina
        il litio
        il metadone
        la PrEP
        gli antiretrovirali
        gli ansiolitici
        l'Eutirox
        gli anticoagulanti
        la morfina
        gli antiepilettici
        lo Xanax
        il Ritalin
    """),
    "spec": lines("""
        psichiatra
        oncolog[[o|a]]
        cardiolog[[o|a]]
        neurolog[[o|a]]
        endocrinolog[[o|a]]
        reumatolog[[o|a]]
        infettivolog[[o|a]]
        ematolog[[o|a]]
        diabetolog[[o|a]]
        nefrolog[[o|a]]
        pneumolog[[o|a]]
        psicolog[[o|a]]
    """),
    "preg": lines("""
        incinta
        incinta di sette mesi
        incinta di 32 settimane
        incinta di due gemelli
        in gravidanza a rischio
        al settimo mese di gravidanza
        incinta del secondo figlio
    """),
    "disab": lines("""
        ciec[[o|a]]
        non vedente
        ipovedente
        sord[[o|a]]
        paraplegic[[o|a]]
        tetraplegic[[o|a]]
        invalid[[o|a]] al 100%
        in sedia a rotelle
        disabile
        amputat[[o|a]] a una gamba
    """),
    "relig": lines("""
        cattolic[[o|a]]
        musulman[[o|a]]
        ebre[[o|a]]
        evangelic[[o|a]]
        testimone di Geova
        buddista
        induista
        sikh
        ortodoss[[o|a]]
        valdese
        avventista
        mormone
        protestante
    """),
    "rite": lines("""
        a ^messa
        in ^moschea
        in ^sinagoga
        al ^culto
        al ^catechismo
        alla ^Sala del Regno
        al ^tempio sikh
        in ^chiesa
        alla ^preghiera del venerdì
    """),
    "feast": lines("""
        il Ramadan
        lo Shabbat
        lo Yom Kippur
        la Pasqua ebraica
        l'Eid
        il Diwali
        la Quaresima
        il Rosh Hashanah
        la Settimana Santa
    """),
    "diet": lines("""
        carne halal
        cibo halal
        cibo kosher
        pasti kosher
    """),
    "orient": lines("""
        gay
        F|lesbica
        bisessuale
        omosessuale
        asessuale
        pansessuale
        queer
    """),
    "partner": lines("""
        M|mio marito
        M|il mio compagno
        M|il mio ragazzo
        M|il mio fidanzato
        F|mia moglie
        F|la mia compagna
        F|la mia ragazza
        F|la mia fidanzata
    """),
    "party": lines("""
        al ^PD;del ^PD
        al ^Partito Democratico;del ^Partito Democratico
        a ^Fratelli d'Italia;di ^Fratelli d'Italia
        alla ^Lega;della ^Lega
        al ^Movimento 5 Stelle;del ^Movimento 5 Stelle
        a ^Forza Italia;di ^Forza Italia
        ad ^Alleanza Verdi e Sinistra;di ^Alleanza Verdi e Sinistra
        ad ^Azione;di ^Azione
        a ^Italia Viva;di ^Italia Viva
        a ^Più Europa;di ^Più Europa
        a ^Rifondazione Comunista;di ^Rifondazione Comunista
    """),
    "ideo": lines("""
        di sinistra
        di destra
        comunista
        socialista
        anarchic[[o|a]]
        conservat[[ore|rice]]
        liberale
        monarchic[[o|a]]
        femminista
        ambientalista
        antifascista
        sovranista
        democristian[[o|a]]
    """),
    "union": lines("""
        della ^CGIL;alla ^CGIL
        della ^CISL;alla ^CISL
        della ^UIL;alla ^UIL
        della ^FIOM;alla ^FIOM
        dell'^USB;all'^USB
        dei ^Cobas;ai ^Cobas
        della ^FLC CGIL;alla ^FLC CGIL
        dello ^SNALS;allo ^SNALS
        della ^UGL;alla ^UGL
    """),
    "crim": lines("""
        in libertà vigilata
        in libertà condizionale
        agli arresti domiciliari
        con il braccialetto elettronico
        in semilibertà
        in affidamento ai servizi sociali
        condannat[[o|a]] per guida in stato di ebbrezza
        indagat[[o|a]] per truffa
        imputat[[o|a]] in un processo per furto
        sotto processo per lesioni
        ai lavori di pubblica utilità
        sottopost[[o|a]] all'obbligo di firma
        condannat[[o|a]] con la condizionale
        in messa alla prova
    """),
    "immig": lines("""
        come ^richiedente asilo
        come ^rifugiat[[o|a]]
        con lo status di rifugiat[[o|a]]
        senza permesso di soggiorno
        irregolare
        senza documenti
        con il permesso di soggiorno scaduto
        in attesa del permesso di soggiorno
        con il diniego del permesso di soggiorno
        con un decreto di espulsione
        con la protezione sussidiaria
        con la protezione speciale
        con la protezione temporanea
        in attesa della commissione per l'asilo
    """),
}

DATA = LangData(
    code="it",
    locales=("it_IT",),
    sentences=SENTENCES,
    fillers=FILLERS,
    greetings=GREETINGS,
    closings=CLOSINGS,
    form_fields=FORM_FIELDS,
    doc_words=DOC_WORDS,
    articles=frozenset({"il", "lo", "la", "i", "gli", "le", "un", "uno", "una", "l'", "un'"}),
    cities=CITIES,
    streets=STREETS,
    jobs=JOBS,
    org_patterns=ORG_PATTERNS,
    email_domains=words(
        "gmail.com libero.it virgilio.it alice.it tiscali.it hotmail.it yahoo.it outlook.it tim.it fastwebnet.it "
        "icloud.com pec.it"
    ),
    at_words=lines("""
        chiocciola
        (chiocciola)
        [at]
        at
    """),
    dot_words=lines("""
        punto
        (punto)
        [dot]
    """),
    digit_words=words("zero uno due tre quattro cinque sei sette otto nove"),
    months=words("gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre"),
    vocab=VOCAB,
    forms={"party": ("a", "di"), "union": ("di", "a")},
)
