"""What support tickets are made of, EN and ES: one row per family the detector must cover
(issue 12's list; every value invented).  A row passes when every character of the value is
covered by a detected span (the label may differ: protection is what counts)."""

from __future__ import annotations

import pytest

from local_model.detection.hybrid import HybridDetector

ROWS = [
    # names in lower case, signatures, greetings, compounds
    ("Hola, me llamo ana ruiz garcía y no tengo línea.", "ana ruiz garcía"),
    ("Gracias por todo. Saludos, jorge", "jorge"),
    ("Hola Marta, ¿me podéis ayudar con la factura?", "Marta"),
    ("hello stephen, my line is down", "stephen"),
    ("the account holder is anna-lena schmidt-weber", "anna-lena schmidt-weber"),
    ("Regards, Glenn-Roger H. Reid", "Glenn-Roger H. Reid"),
    ("¿PUEDEN AÑADIR A BERNARDA ALCARAZ MANCEBO COMO CONTACTO?", "BERNARDA ALCARAZ MANCEBO"),
    ("can you put paige bentley as a second contact", "paige bentley"),
    ("Datos del titular:\n\nYeray Quintana Ojeda\nFecha de nacimiento: 9 de enero de 1980", "Yeray Quintana Ojeda"),
    ("MY NAME IS EDNA  HOLLOWAYNE AND I AM EIGHTY-ONE.", "EDNA  HOLLOWAYNE"),
    # street addresses in everyday formats
    ("Mi dirección es C/ Mayor, 12, 3º B, Madrid.", "C/ Mayor, 12, 3º B"),
    ("Vivo en Calle de las Acacias 41 2ºA desde enero.", "Calle de las Acacias 41 2ºA"),
    ("Enviadlo a Avda. de la Constitución 8, portal 2, 5º C, por favor.", "Avda. de la Constitución 8, portal 2, 5º C"),
    ("La dirección es Ronda de Segovia 14, esc. B, 2º 1ª.", "Ronda de Segovia 14, esc. B, 2º 1ª"),
    ("Please send it to Flat 4, 88 Queens Road.", "Flat 4, 88 Queens Road"),
    ("I moved to 23 Willow Rise last month.", "23 Willow Rise"),
    ("i'm at 284 cherry parade, apt 12 in mira mesa", "284 cherry parade, apt 12"),
    ("My address is Oak Cottage, Poplar Drive.", "Oak Cottage, Poplar Drive"),
    ("Entrega en Calle Durango 30, depto 2, Col. Roma Sur, Cuauhtémoc.", "Calle Durango 30, depto 2, Col. Roma Sur"),
    ("Please deliver to The Old Granary, Church Street, Ely.", "The Old Granary, Church Street"),
    ("my address is 9 Admiralty Road, Victoria Island Phase 2, Lagos", "9 Admiralty Road, Victoria Island Phase 2"),
    # cities, postcodes, ages
    ("Vivo en Valladolid y no tengo cobertura.", "Valladolid"),
    ("Me mudé a Zaragoza en junio.", "Zaragoza"),
    ("La calle es Mayor 5, 47001 Valladolid.", "47001"),
    ("La calle es Mayor 5, 47001 Valladolid.", "Valladolid"),
    ("i'm at 12 elm street in madison", "madison"),
    ("Tengo 74 años y no entiendo la factura.", "74 años"),
    ("My son is 14 and uses the tablet.", "14"),
    ("my dad is 62, he can't use the app", "62"),
    # user names, references, phones
    ("My login is marco311 but it does not work.", "marco311"),
    ("user: lucia_ferrer", "lucia_ferrer"),
    ("Me he quedado bloqueado (usuario angela_1976).", "angela_1976"),
    ("Your reference is REF/24/118203, please quote it.", "REF/24/118203"),
    ("Call me on +44 (0)20 7946 0958 after six.", "+44 (0)20 7946 0958"),
    ("my DNI is CE 08 36 73 C", "CE 08 36 73 C"),
    # health, said of the writer or a relative
    ("Tengo artritis reumatoide y no puedo ir a la tienda.", "artritis reumatoide"),
    ("Mi padre tiene insuficiencia renal y necesita el fijo.", "insuficiencia renal"),
    ("Tengo fibromialgia, por eso llamo.", "fibromialgia"),
    ("I have Crohn's disease so I need the online bill.", "Crohn's disease"),
    ("My daughter has asthma and needs the line.", "asthma"),
    ("I get migraines when I look at the screen.", "migraines"),
    ("living with rheumatoid arthritis for years now", "rheumatoid arthritis"),
    ("I can't come to the shop after my chemo on Tuesday.", "chemo"),
    ("Mi psiquiatra tiene que poder llamarme.", "psiquiatra"),
    ("I'm at the mosque on Friday afternoons, call me later.", "mosque"),
    ("Los domingos voy a misa y no puedo atender llamadas.", "voy a misa"),
    ("I'm Marco and my husband wants his own line.", "my husband"),
    ("Hago campaña para Ciudadanos en mi pueblo.", "Ciudadanos"),
    # companies, jobs, years of birth
    ("I work for Hale, Moreno and Pratt in the city.", "Hale, Moreno and Pratt"),
    ("The invoice went to Lynch-Osei by mistake.", "Lynch-Osei"),
    ("Trabajo de Agente de seguros en Autoescuela Verdugo.", "Autoescuela Verdugo"),
    ("I'm a dental hygienist so I work shifts.", "dental hygienist"),
    ("I'm a security guard so I work nights.", "security guard"),
    ("I was born in 1979 and the account is old.", "1979"),
    ("Nací en 1985 y soy cliente desde siempre.", "1985"),
    # relatives named in lower case or with compound names; user names made of a name, no keyword
    ("Please ring my brother lawrence-malik if I'm out.", "lawrence-malik"),
    ("my wife Ana-Belén set up the account", "Ana-Belén"),
    ("The tablet is used by my son mateo most days.", "mateo"),
    ("The order history shows it for winifred204 only.", "winifred204"),
    ("I shared the folder with oswald_kerrigan yesterday.", "oswald_kerrigan"),
    # relatives in Spanish, French, German; names frequent in Spanish text; middle initials; particles
    ("mi mujer Lorena dio de alta la línea", "Lorena"),
    ("ma fille Clémence utilise la tablette", "Clémence"),
    ("meine Frau Hedwig ruft morgen an", "Hedwig"),
    ("buenas tardes, soy eduardo y no tengo fibra", "eduardo"),
    ("hola, soy maría, la titular", "maría"),
    ("Best wishes,\nTamsin R. Oakley", "Tamsin R. Oakley"),
    ("Le escribe Rodrigo Peña de la Vega por la avería.", "Rodrigo Peña de la Vega"),
    ("Un abrazo,\nIbán Castellví", "Ibán Castellví"),
    # named houses, unit designators, Spanish floors and doors with their abbreviation dots
    ("The engineer should come to Ivy Cottage, Marsh Lane.", "Ivy Cottage, Marsh Lane"),
    ("i live at elm cottage, brook rise now", "elm cottage, brook rise"),
    ("The box is at 71B Harbour View # 3 downstairs.", "71B Harbour View # 3"),
    ("Deliver to # 12, 409 Mill Dr by Friday.", "# 12, 409 Mill Dr"),
    ("Mi dirección es Pasaje Olmo 7, 4.º-B.", "Pasaje Olmo 7, 4.º-B."),
    ("Vivo en Carretera de Soria, 33 2do dcha. desde mayo.", "Carretera de Soria, 33 2do dcha."),
    ("Está en la Travesía Luna, 5, esc. C, 1er izda. junto al bar.", "Travesía Luna, 5, esc. C, 1er izda."),
    ("Enviadlo a Avenida del Prado nº45 3º.", "Avenida del Prado nº45 3º."),
    # obfuscation
    ("My email is ana.ruiz@gmai l.com thanks.", "ana.ruiz@gmai l.com"),
    ("write to ana dot ruiz at gmail dot com please", "ana dot ruiz at gmail dot com"),
    ("The router IP is 10_44_201_7 today.", "10_44_201_7"),
    ("I was born on 1O/03/і979.", "1O/03/і979"),
    ("Call 6 1 2 - 3 4 5 6 7 8 today", "6 1 2 - 3 4 5 6 7 8"),
    ("mi número seis uno dos tres cuatro cinco seis siete ocho", "seis uno dos tres cuatro cinco seis siete ocho"),
    ("Mi DNI es 48.291.637-D y el NIE X-123-4567-L", "48.291.637-D"),
    ("Soy A\u0301lvaro Nu\u0301n\u0303ez", "A\u0301lvaro Nu\u0301n\u0303ez"),
    ("Hola, soy Mar\rgarita López", "Mar\rgarita López"),
    # found by the hand-written dev tickets (eval/handwritten): the families, with other values
    ("Medical alerts: psoriasis, wheat allergy", "psoriasis, wheat allergy"),
    ("Patient: Ines Valcarcel. Heart: atrial fibrillation, on apixaban daily.", "apixaban"),
    ("My aunt Rosalind lives alone. She has dementia and the carer comes at nine.", "dementia"),
    ("Antecedentes: hipotiroidismo, toma levotiroxina.", "hipotiroidismo, toma levotiroxina"),
    ("Quiero cambiar la cita del traumatólogo de mi suegra.", "traumatólogo"),
    ("i need to move my colonoscopy, the prep letter came late", "colonoscopy"),
    ("Vivimos en Sevilla desde marzo, en la calle Feria.", "Sevilla"),
    ("el paquete va a 41003, sevilla por favor", "sevilla"),
    ("MY BAG NEVER ARRIVED IN BRISBANE, I LIVE IN CAIRNS NOW", "BRISBANE"),
    ("Kind regards,\nOlwen Pritchard\nPractice Manager\nBrynmor Dental Care", "Practice Manager"),
    ("Saludos, Teodoro Ibarra | Jefe de Almacén – Frutas Ibarra", "Jefe de Almacén"),
    ("TITULAR EUSEBIO GALINDO ROCA, TELEFONO 690 321 884", "EUSEBIO GALINDO ROCA"),
    ("2024-05-02 08:14:55 WARN auth failed user=m.okonkwo src=10.2.3.4", "m.okonkwo"),
    ("my old password was Juniper1988! and it stopped working", "Juniper1988!"),
    ("Policy number HMP/552107/19, renewal next month", "HMP/552107/19"),
    (
        "llamadme al seis cero nueve, doce, treinta y cuatro, cincuenta y seis",
        "seis cero nueve, doce, treinta y cuatro, cincuenta y seis",
    ),
    ("mob 0 4 1 2 ~ 5 5 8 ~ 9 0 3 after work", "0 4 1 2 ~ 5 5 8 ~ 9 0 3"),
    ("text me on o7 7OO 9OO 2l9 please", "o7 7OO 9OO 2l9"),
    ("DNI 4 8 . 2 9 1 . 6 3 7 - D, titular", "4 8 . 2 9 1 . 6 3 7 - D"),
    ("no one picks up. acc holder wen li mob 0400 123 456", "wen li"),
    ("MY HUSBAND IS GORDON PEACOCK AND THE BILL IS IN HIS NAME", "GORDON PEACOCK"),
    ("surname spelt P-A-R-T-R-I-D-G-E, first name Olive", "P-A-R-T-R-I-D-G-E"),
    ("ring me on 07 nine 1 two 3 4 five 6 7 8 after six", "07 nine 1 two 3 4 five 6 7 8"),
    ('{"empleado": "telmo arriaga", "turno": "noche"}', "telmo arriaga"),
    ("Customer is hard of hearing, please use e-mail.", "hard of hearing"),
    ("i'm hiv positive and need the clinic to call me", "hiv"),
    ("My son has ADD and the school needs the form.", "ADD"),
    # second round of hand-written dev misses (eval/handwritten/dev), other values
    ("Hello, my son Tadhg Brennan (12) is flying alone next week.", "12"),
    ("my nephew keegan o'rourke (seven) starts school on monday", "seven"),
    ("Le escribe Consuelo Pardo, tengo noventa y tres años y no tengo luz.", "noventa y tres años"),
    ("account holder Desmond Farrell, eighty-two, rings from the landline", "eighty-two"),
    ("My eldest, Poppy, is 9 and uses the tablet.", "9"),
    ("los dos viven solos, él Anselmo Vidal, de 81, y ella Pilar Ruiz, de 79.", "79"),
    ("me he mudado a albacete y no llega el correo", "albacete"),
    ("Send it to Unit 3/41 Kooyong Rd, Armadale VIC 3143 please.", "Unit 3/41 Kooyong Rd"),
    ("Send it to Unit 3/41 Kooyong Rd, Armadale VIC 3143 please.", "VIC"),
    ("The lease is for 5/22 Palmer St, Richmond.", "5/22 Palmer St"),
    ("Dirección: Av. Libertador 4410, piso 3 depto C, Núñez.", "Av. Libertador 4410, piso 3 depto C"),
    ("Entregar en Carrera 11 # 82-71, apto 904, Bogotá.", "Carrera 11 # 82-71, apto 904"),
    ("Please post it to PO Box 2291, Broome WA 6725.", "PO Box 2291"),
    ("Policyholder: Morwenna Tully, 8 Quarry Lane, Truro TR1 3BX", "Morwenna Tully"),
    ("Learner: Dilan Kaplan\nCourse: ESOL Entry 1", "Dilan Kaplan"),
    ("Yours faithfully,\nT. K. Ravindran", "T. K. Ravindran"),
    ("The letters still come for the previous owner Mr. P. Adebayo.", "Mr. P. Adebayo"),
    ("She is in Year 2 at the Universidad de Salamanca.", "Universidad de Salamanca"),
    ("La factura está a nombre de Excavaciones Ferrán S.L. desde enero.", "Excavaciones Ferrán S.L."),
    ("I am 31 weeks pregnant and cannot lift the router.", "31 weeks pregnant"),
    ("My mum broke her hip and has severe back pain since.", "severe back pain"),
    ("Necesito el justificante de la operación de cataratas de mi padre.", "operación de cataratas"),
    ("Rhys lives in Cardiff with his husband Owain.", "his husband"),
    ("Any questions, ring Bethan Morris, ext. 4471.", "4471"),
    ("Mi extensión es la 3390, por si acaso.", "3390"),
    ("It was the card ending in 5582 that got charged twice.", "5582"),
    ("My licence is HOLLA~604112~RT7KQ, the form rejects it.", "HOLLA~604112~RT7KQ"),
    ("cliente: Y·4418207·K", "Y·4418207·K"),
    ("my email is rowan.tate 1988 @ hotmail . co . uk and it bounces", "rowan.tate 1988 @ hotmail . co . uk"),
    ("reach me at fergus {at} lochside {dot} scot later", "fergus {at} lochside {dot} scot"),
    ("I register with the agency as childminder but the form failed.", "childminder"),
    ("Marisol es abogada laboralista y lleva mi caso.", "abogada laboralista"),
    ("Dear school. Teodoro tiene 7 años y es alérgico al huevo.", "Teodoro"),
    ("I have lived at Flat 1/2, 14 Byres Road, Glasgow since May.", "Flat 1/2, 14 Byres Road"),
    # vocabulary typed without accents, ethnicity, places of worship with their names
    ("MI MADRE NECESITA OXIGENO DOMICILIARIO Y SE VA LA LUZ", "OXIGENO DOMICILIARIO"),
    ("quiero cambiar la cita con el neumologo de mi padre", "neumologo"),
    ("me dijo que los gitanos no podemos entrar en la tienda", "gitanos"),
    ("They followed us round the shop because we're Black.", "Black"),
    ("Reservamos para la boda en la parroquia de San Andrés, somos 80.", "parroquia de San Andrés"),
    ("Vivimos en Tlaquepaque, Jalisco desde 2019.", "Jalisco"),
    ("Viajamos a Marruecos en abril con los niños.", "Marruecos"),
    ("Su médica, la Dra. Itziar Olano, firmó el informe.", "Dra. Itziar Olano"),
    ("el vecino de abajo (sr. arriaga) tiene la llave", "sr. arriaga"),
    ("quiero cita para mi hija de 5 añitos", "5 añitos"),
    ("My aunt has Hashimoto's disease and cannot travel.", "Hashimoto's disease"),
    ("mi hijo tiene síndrome de Asperger y le cuesta el teléfono", "síndrome de Asperger"),
    ("I've had lower back pain since the fall, can't sit long.", "lower back pain"),
    ("tengo dolor de espalda y no puedo subir la caja", "dolor de espalda"),
    ("Patient note: allergic to penicillin, otherwise well.", "penicillin"),
    ("My husband takes sertraline 50 mg and it ran out.", "sertraline 50 mg"),
    # user names by their shape, names that end a message or recur, orientation inferred
    ("i want to report a user. kevin_r_85 keeps messaging me", "kevin_r_85"),
    ("my account xXShadowFoxXx got hacked last night", "xXShadowFoxXx"),
    ("mi gamertag es xX_ElPibe_Xx y no puedo entrar", "xX_ElPibe_Xx"),
    ("he's teaming with l1ly.p4d in every match", "l1ly.p4d"),
    ("my son made an account called dark_wolf77 and used my card", "dark_wolf77"),
    ("Sam streams speedruns as okoro_plays most nights.", "okoro_plays"),
    ("discord is nyx#4471 if you need me", "nyx#4471"),
    ("Please disable the accounts for Marcus Oyelaran (moyelaran) today.", "moyelaran"),
    ("Mi perfil es in/marta-soler-puig, por si queréis verlo.", "in/marta-soler-puig"),
    ("The line is dead and this is costing me money. Gavin 0437 228 019", "Gavin"),
    ("refund one, not fussed about anything else. thx, jake", "jake"),
    ("El envío a calle de la fuente 3, 37002 salamanca. Rubén", "Rubén"),
    ("Para: Marina Campos\n\nMarina, el banco pide la vida laboral.", "Marina"),
    ("Hi, I want to add my husband as a named driver. - Kieran Walsh", "my husband"),
    ("I'm adding my partner Tyler Reyes as a driver, name Brandon Ng.", "my partner"),
    ("Hola, mi mujer y yo queremos el seguro. Ella se llama Noelia y yo Lorena Vidal.", "mi mujer"),
    ("Anything you'd like us to know: I'm bi and just moved here.", "bi"),
    # pronouns and sex in lists, the town before a postcode, postcodes of more countries
    ("I'm Hannah Levitt (she/her), junior analyst in the office.", "she/her"),
    ("Passenger 1: Ramesh Tiwari, age 67, M. Passenger 2: Savitri Tiwari, age 63, F.", "F"),
    ("Paciente: Rosario Méndez Villaverde, 82 años, mujer", "mujer"),
    ("Send it to Shabana Akhtar, 41 Compton Road, Leeds LS9 7BJ please.", "Leeds"),
    ("CORTES DE LUZ EN CALLE ALCALA 214, 5º D (MADRID) Y NADIE RESPONDE", "MADRID"),
    ("Greystones, Co. Wicklow A63 KD92.", "Co. Wicklow"),
    ("the house past the church, eircode P51 KD72.", "P51 KD72"),
    ("Bridgewater NS  B4V 2W1, Canada", "B4V 2W1"),
    ("PO Box 318, Alice Springs NT 0871", "0871"),
    ("MY ADDRESS IS 14 LARCH CLOSE SWINDON SN2 7 HB. PLEASE WRITE", "SN2 7 HB"),
    # trade-union membership, a party role, health said by what it brings
    ("He's also asked for his Unite rep to be present at the meeting.", "Unite rep"),
    ("Soy delegada sindical en la fábrica y necesito el justificante.", "delegada sindical"),
    ("Hiya, I'm the Labour candidate for the ward, can you print leaflets?", "Labour candidate"),
    ("I have a personal alarm because of my falls, it needs the line.", "my falls"),
    ("I take methadone and my NA sponsor drives me to the clinic.", "my NA sponsor"),
    ("Mi madre tiene reconocido el grado II de dependencia.", "grado II de dependencia"),
    ("Tengo reconocida una discapacidad del 33% por hipoacusia.", "discapacidad del 33%"),
    # German and French fields and streets
    ("Ich bin Fahrerin, wohnhaft Venloer Straße 388, 50825 Köln.", "Venloer Straße 388"),
    ("Mitarbeiter: Ralf Gottschalk\nAbteilung: Lager", "Ralf Gottschalk"),
    ("Expéditeur : Fromagerie, 2 Grande Rue, 25560 Frasne", "2 Grande Rue"),
    # Catalan, Galician and Rioplatense street words
    ("Para el envío: Rúa do Franco 20, 1º dcha, 15705 Santiago", "Rúa do Franco 20, 1º dcha"),
    ("La dirección es Bv. Oroño 1345 2°A, Rosario, Santa Fe.", "Bv. Oroño 1345 2°A"),
    ("Visc al Carrer d'Aragó 45, 3r 2a, Barcelona.", "Carrer d'Aragó 45"),
]


@pytest.mark.parametrize(
    "text",
    [
        "I was there for twenty years and never had a problem.",
        "Hace doce años que compré el router.",
        "See chapter Setup (3) for the steps.",
    ],
)
def test_durations_are_not_ages(detector: HybridDetector, text: str) -> None:
    assert [e.text for e in detector.detect(text) if e.label.value == "AGE"] == []


@pytest.mark.parametrize(
    "text",
    ["I have a white car and a black dog.", "Mi hija vive en Roma con su novio.", "The Black Friday sale ended."],
)
def test_colours_and_cities_are_not_ethnicity(detector: HybridDetector, text: str) -> None:
    assert [e.text for e in detector.detect(text) if e.label.value == "ETHNICITY"] == []


@pytest.mark.parametrize(
    "text",
    [
        "Can you add my wife to the account? Thanks, John",
        "My partner Sarah and I want a joint account. Regards, Tom Baker",
        "Name: Laura Pérez\nMi pareja y yo queremos cambiar de tarifa.",
        "Hi, I'm Maria and my boyfriend wants a second line.",
        "Hello James,\nmy wife Roger set up the account. Thanks, Bob",
    ],
)
def test_a_partner_of_the_other_gender_reveals_nothing(detector: HybridDetector, text: str) -> None:
    assert [e.text for e in detector.detect(text) if e.label.value == "SEXUAL_ORIENTATION"] == []


@pytest.mark.parametrize(("text", "value"), ROWS)
def test_the_value_is_covered(detector: HybridDetector, text: str, value: str) -> None:
    start = text.index(value)
    end = start + len(value)
    covered: set[int] = set()
    for ent in detector.detect(text):
        covered.update(range(ent.start, ent.end))
    missing = [text[i] for i in range(start, end) if i not in covered]
    assert not missing, f"uncovered characters of {value!r}: {''.join(missing)!r}"


@pytest.mark.parametrize(
    "text",
    [
        "What is diabetes? Explain insulin resistance.",
        "I'm a bit confused about the bill.",
        "Hi all, thanks for the help.",
        "Please upgrade to Python 3.11 and restart at 10am.",
        "The meeting is in the main hall at noon.",
        "My mother will call you tomorrow about it.",
        "My son may come by on Monday to pick it up.",
        "Upgrade to windows10 and python3, then restart.",
        "The may15 release and the june2024 report are out.",
        "Mi madre tiene que pagar la factura mañana.",
        "MI HIJO TIENE QUE LLAMAR MAÑANA.",
        "I love my house, close to the park.",
        "We sold the farm, the green fields are gone.",
        "Can you add my wife to the account?",
        "Please ask your manager, then call me back.",
        "Student Details: see the attached form.",
        "Terms and conditions apply to every order.",
        "Keep placeholders exactly. Never add names that are not in the request.",
        "Student Support: Mental Health Counseling Services are open on Monday.",
        "Options a, b, c and d are all fine.",
        "Is this gel safe if allergic to nuts?",
        "Back pain relief gel is 50% off this week.",
        "set max_retries to 3, user_id_42 fails, see issue_12 and order#4471, sha1sum, k8s, i18n.",
        "The order was placed in April",
        "Is it OK to take ibuprofen afterwards?",
        "Use read/write mode, and/or input/output; he/she decides.",
        "Let's unite the team before the rain falls.",
    ],
)
def test_ordinary_text_stays_clean(detector: HybridDetector, text: str) -> None:
    found = [(e.label.value, e.text) for e in detector.detect(text) if e.stratum.value != "quasi_identifier"]
    assert found == []
