"""Multilingual word lists shared by the rule and keyed detectors (en, es, fr, de, nl).

Field-name vocabulary maps a normalized key (lower case, accents stripped,
separators removed) to a label; longer keys win, so ``gebruikersnaam``
(username) beats ``naam`` (name).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from local_model.text.textnorm import fold
from signatures.entities import Label


def alternation(words: Iterable[str]) -> str:
    """A regex matching any of ``words``, the longest first (so "Mrs" wins over "Mr").

    Built as a trie (``Mr(?:s)?`` rather than ``Mrs|Mr``): Python's ``re`` tries every branch of
    a flat alternation at every position of the text, a trie only the branches that share the
    next character, which makes the big lexicon patterns several times faster.  Greedy optional
    tails keep the longest-first order, with backtracking to shorter words when the context after
    the word does not match.  A list in which two words differ only by the case of a shared prefix
    (``AB`` / ``abc``) could match a shorter word first under ``(?i)``; such lists get the flat
    alternation.
    """
    unique = sorted({w for w in words if w})
    if _case_conflict(unique):
        return "|".join(sorted({re.escape(w) for w in unique}, key=len, reverse=True))
    trie: dict[str, Any] = {}
    for w in unique:
        node = trie
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}
    return _trie_regex(trie)


def _case_conflict(words: list[str]) -> bool:
    """Two branches of one trie node that the same character could match under ``(?i)``."""
    children: dict[str, set[str]] = {}
    for w in words:
        for i, ch in enumerate(w):
            children.setdefault(w[:i], set()).add(ch)
    return any(
        len({c.lower() for c in chars}) < len(chars) or len({c.casefold() for c in chars}) < len(chars)
        for chars in children.values()
    )


def _trie_regex(node: dict[str, Any]) -> str:
    branches = [re.escape(ch) + _trie_regex(child) for ch, child in sorted(node.items()) if ch]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    return "(?:" + body + ")?" if "" in node else body


def _keys(label: Label, *words: str) -> dict[str, Label]:
    return {fold(w).replace(" ", "").replace("_", "").replace("-", ""): label for w in words}


FIELD_KEYS: dict[str, Label] = {
    **_keys(
        Label.PERSON,
        "name", "full name", "first name", "firstname", "given name", "givenname", "forename",
        "second name", "middle name", "last name", "lastname", "surname", "family name",
        "maiden name", "nickname", "student", "patient", "customer", "client", "employee",
        "applicant", "contact", "contact person", "holder", "account holder", "cardholder",
        "owner", "sender", "recipient", "signed", "signature", "author", "manager", "tenant",
        "beneficiary", "guardian", "parent", "spouse", "emergency contact", "attendee",
        "nom", "prenom", "nom de famille", "nom complet", "etudiant", "etudiante", "titulaire",
        "destinataire", "expediteur", "vorname", "nachname", "familienname", "rufname",
        "kunde", "kundin", "schuler", "schulerin", "inhaber", "absender", "empfanger",
        "naam", "voornaam", "achternaam", "familienaam", "klant", "leerling", "afzender",
        "mitarbeiter", "mitarbeiterin", "angehorige", "angehoriger", "ansprechpartner", "ansprechpartnerin",
        "antragsteller", "antragstellerin", "versicherte", "versicherter", "patientin", "mieter", "mieterin",
        "employe", "salarie", "salariee", "locataire", "medewerker", "medewerkster", "huurder",
        "nombre", "apellido", "apellidos", "nombre completo", "alumno", "alumna", "titular",
        "fn", "ln", "fname", "lname", "f name", "l name",
        "apellido1", "apellido2", "primer apellido", "segundo apellido", "nom1", "nom2",
        "remitente", "destinatario", "paciente", "cliente", "participant", "passenger",
        "empleado", "empleada", "asegurado", "asegurada", "tomador", "beneficiario", "beneficiaria",
        "trabajador", "trabajadora", "socio", "socia", "huesped", "pasajero", "pasajera",
        "investigator", "lead investigator", "coordinator", "supervisor", "teacher",
        "instructor", "advisor", "adviser", "director", "officer", "representative", "agent",
        "physician", "nurse", "witness", "reviewer", "approver", "assignee", "reporter",
        "requester", "requestor", "caller", "member", "organizer", "organiser", "chair",
        "president", "secretary", "treasurer", "coach", "mentor", "tutor", "principal", "dean",
        "lawyer", "attorney", "landlord", "by", "prepared by", "submitted by", "approved by",
        "signed by", "witnessed by", "written by", "attn", "attention", "c/o", "care of",
        "medecin", "arzt", "arztin", "lehrer", "lehrerin", "docent", "leraar", "profesor",
        "medico", "enfermera", "testigo", "zeuge", "getuige", "temoin", "from", "to", "cc",
        "bcc", "de", "von", "van", "an", "aan", "a", "para", "a l'attention de", "player",
        "joueur", "joueuse", "spieler", "spielerin", "speler", "jugador", "jugadora",
        "athlete", "individual", "person", "personne", "persoon", "persona",
        # roles that forms and records put a name after ("Policyholder:", "Learner:", "Tutora:")
        "resident", "residents", "learner", "pupil", "insured", "insured party", "policy owner", "consignee",
        "consignor", "shipper", "claimant", "complainant", "defendant", "plaintiff", "driver", "occupant",
        "occupants", "tenants", "landlady", "carer", "caregiver", "next of kin", "referee", "consultant",
        "doctor", "gp", "surgeon", "therapist", "counsellor", "counselor", "midwife", "pharmacist",
        "deliver to", "ship to", "bill to", "sold to", "guest", "visitor", "delegate",
        "interviewer", "interviewee", "candidate", "trainee", "apprentice", "volunteer", "donor", "debtor",
        "creditor", "borrower", "lender", "payee", "payer", "account owner",
        "tutora", "solicitante", "interesado", "interesada", "responsable", "contacto", "persona de contacto",
        "propietario", "propietaria", "inquilino", "inquilina", "arrendatario", "arrendataria", "arrendador",
        "arrendadora", "asesor", "asesora", "conductor", "conductora", "declarante",
        "denunciante", "firmante", "representante", "tutor legal", "padre", "madre", "profesora", "medica",
        "doctora", "enfermero", "atendido por", "atendida por", "gestor", "gestora", "operador", "operadora",
        "comprador", "compradora", "vendedor", "vendedora", "deudor", "deudora", "avalista", "conyuge",
        "locataire", "proprietaire", "assure", "assuree", "souscripteur", "demandeur", "demandeuse",
        "conducteur", "conductrice", "eleve", "interlocuteur", "mieter", "mieterin", "vermieter",
        "vermieterin", "versicherter", "versicherte", "versicherungsnehmer", "antragsteller", "antragstellerin",
        "fahrer", "fahrerin", "ansprechpartner", "ansprechpartnerin", "bewohner", "bewohnerin", "teilnehmer",
        "teilnehmerin", "huurder", "verhuurder", "verzekerde", "verzekeringnemer", "aanvrager", "bestuurder",
        "contactpersoon", "bewoner", "deelnemer",
    ),
    **_keys(
        Label.USERNAME, "username", "user name", "user", "userid", "user id", "login", "handle",
        "account name", "screen name", "nom d'utilisateur", "identifiant", "pseudo",
        "benutzername", "benutzer", "nutzername", "gebruikersnaam", "gebruiker",
        "nombre de usuario", "usuario",
    ),
    **_keys(
        Label.EMAIL, "email", "e-mail", "mail", "email address", "courriel", "adresse e-mail",
        "adresse mail", "e-mail-adresse", "emailadres", "e-mailadres", "correo",
        "correo electronico",
    ),
    **_keys(
        Label.PHONE, "phone", "telephone", "tel", "mobile", "cell", "phone number", "fax",
        "contact number", "numero de telephone", "portable", "telefon", "telefonnummer",
        "handy", "handynummer", "rufnummer", "mobilnummer", "telefoon", "telefoonnummer",
        "mobiel", "mobiele nummer", "telefono", "movil", "numero de telefono",
    ),
    **_keys(
        Label.NATIONAL_ID, "ssn", "social security", "social security number", "socialnumber",
        "social number", "national id", "national insurance", "nino", "nin", "tax id", "nif",
        "nie", "dni", "numero de securite sociale", "securite sociale", "nir", "insee",
        "sozialversicherungsnummer", "sozialversicherung", "steuer id", "steueridentifikationsnummer",
        "steuernummer", "burgerservicenummer", "bsn", "sofinummer", "numero de seguridad social",
        "seguridad social", "documento nacional de identidad", "national number", "personal number",
        "personnummer", "codice fiscale",
    ),
    **_keys(
        Label.ID_CARD, "id card", "idcard", "identity card", "id number", "id", "identification",
        "identity", "document number", "identification card", "identification number",
        "carte d'identite", "carte identite", "numero d'identite",
        "personalausweis", "ausweis", "ausweisnummer", "personalausweisnummer",
        "identiteitskaart", "identiteitskaartnummer", "id kaart", "documentnummer",
        "cedula", "tarjeta de identidad",
    ),
    **_keys(
        Label.PASSPORT, "passport", "passport number", "passport no", "passeport",
        "numero de passeport", "reisepass", "reisepassnummer", "passnummer", "paspoort",
        "paspoortnummer", "pasaporte",
    ),
    **_keys(
        Label.DRIVER_LICENSE, "driver license", "driver licence", "driving license",
        "driving licence", "drivers license", "license number", "licence number", "dl",
        "permis", "permis de conduire", "fuhrerschein", "fuhrerscheinnummer", "rijbewijs",
        "rijbewijsnummer", "licencia de conducir", "carnet de conducir", "driverlicense",
    ),
    **_keys(
        Label.PASSWORD, "password", "passwd", "pwd", "pass", "passcode", "pin", "secret",
        "mot de passe", "mdp", "passwort", "kennwort", "wachtwoord", "contrasena", "clave",
    ),
    **_keys(
        Label.DATE_OF_BIRTH, "dob", "date of birth", "birth date", "birthdate", "birthday",
        "born", "date de naissance", "ne le", "nee le", "geburtsdatum", "geburtstag", "geboren",
        "geboortedatum", "geboren op", "fecha de nacimiento", "nacimiento", "bod",
    ),
    **_keys(Label.AGE, "age", "years old", "alter", "leeftijd", "edad"),
    **_keys(
        Label.GENDER, "gender", "sex", "genre", "sexe", "geschlecht", "geslacht", "sexo",
        "genero",
    ),
    **_keys(Label.TITLE, "title", "salutation", "civilite", "titre", "anrede", "titel",
            "aanhef", "titulo", "tratamiento"),
    **_keys(
        Label.STREET_ADDRESS, "address", "street", "street address", "home address",
        "address line", "address line 1", "address line 2", "adresse", "rue", "voie",
        "strasse", "anschrift", "adres", "straat", "straatnaam", "direccion", "calle", "domicilio",
    ),
    **_keys(Label.BUILDING_NUMBER, "building", "building number", "house number", "numero",
            "hausnummer", "huisnummer", "numero de rue", "bloque", "batiment"),
    **_keys(Label.SECONDARY_ADDRESS, "apartment", "apt", "suite", "unit", "flat", "appartement",
            "wohnung", "piso", "secaddress", "secondary address"),
    **_keys(Label.CITY, "city", "town", "ville", "commune", "stadt", "ort", "wohnort", "stad",
            "woonplaats", "plaats", "ciudad", "localidad", "municipio", "place of birth",
            "birthplace", "lieu de naissance", "geburtsort", "geboorteplaats"),
    **_keys(Label.STATE, "state", "province", "region", "county", "departement", "etat",
            "bundesland", "land", "provincie", "provincia", "estado", "comunidad"),
    **_keys(Label.POSTCODE, "postcode", "post code", "postal code", "zip", "zip code", "zipcode",
            "code postal", "cp", "plz", "postleitzahl", "codigo postal"),
    **_keys(Label.COUNTRY, "country", "nationality", "pays", "nationalite", "staat",
            "staatsangehorigkeit", "nationaliteit", "pais", "nacionalidad"),
    **_keys(Label.GEO_COORDINATE, "coordinates", "coords", "geo", "geocoord", "location",
            "gps", "lat long", "latitude longitude", "coordonnees", "koordinaten",
            "coordinaten", "coordenadas"),
    **_keys(Label.IP_ADDRESS, "ip", "ip address", "ipaddress", "adresse ip", "ip-adresse",
            "ip adres", "direccion ip"),
    **_keys(Label.IBAN, "iban", "bank account", "account number", "rib", "kontonummer",
            "rekeningnummer", "cuenta", "numero de cuenta"),
    **_keys(Label.CREDIT_CARD, "card number", "credit card", "creditcard", "debit card",
            "carte bancaire", "numero de carte", "kreditkarte", "kartennummer", "creditcardnummer",
            "tarjeta", "numero de tarjeta"),
    **_keys(Label.CONTRACT_NUMBER, "contract", "contract number", "contrat", "numero de contrat",
            "vertrag", "vertragsnummer", "contractnummer", "contrato"),
    **_keys(Label.POLICY_NUMBER, "policy", "policy number", "police", "polizza", "polizze",
            "polisnummer", "poliza", "insurance number", "versicherungsnummer"),
    **_keys(Label.CUSTOMER_ID, "customer id", "customer number", "client id", "member id",
            "membership number", "numero client", "kundennummer", "klantnummer",
            "numero de cliente", "employee id", "student id", "matricule", "matrikelnummer"),
    **_keys(Label.MEDICAL_RECORD_NUMBER, "mrn", "medical record", "medical record number",
            "patient id", "nhs number", "dossier medical", "patientennummer",
            "historia clinica"),
    **_keys(Label.TICKET_NUMBER, "ticket", "ticket number", "case number", "reference",
            "ref", "order number", "booking reference", "incident"),
    **_keys(Label.LINE_NUMBER, "line number", "msisdn", "sim", "iccid", "imei"),
    **_keys(Label.TIME, "time", "heure", "uhrzeit", "zeit", "tijd", "tijdstip", "hora",
            "timelogged", "time logged", "logged", "timestamp"),
    **_keys(Label.DATE, "date", "datum", "fecha"),
    **_keys(Label.JOB, "job", "occupation", "profession", "job title", "position", "beruf",
            "metier", "beroep", "functie", "profesion", "puesto", "role", "job role", "current role",
            "designation", "cargo", "ocupacion", "poste", "fonction"),
    **_keys(Label.HEALTH, "diagnosis", "condition", "medical condition", "allergies",
            "allergy", "medication", "medications", "diagnostic", "diagnose", "krankheit",
            "diagnosticos", "diagnostico", "disability", "blood type", "medical", "medical alerts",
            "medical conditions", "medical history", "medical notes", "other conditions",
            "meds", "current medication", "medication tried", "treatments tried",
            "pmh", "past medical history", "previous diagnoses", "reason for referral",
            "presenting complaint", "symptoms", "cause of death", "health conditions",
            "allergies known", "alergias", "alergia", "antecedentes", "antecedentes medicos",
            "tratamiento", "tratamiento habitual", "medicacion", "medicamentos", "enfermedad",
            "enfermedades", "condicion medica", "motivo de consulta", "sintomas", "discapacidad",
            "antecedents", "traitement", "traitements", "maladie", "maladies", "allergies connues",
            "vorerkrankungen", "medikamente", "allergien", "diagnosen", "erkrankungen",
            "medicatie", "allergieen", "aandoening", "aandoeningen", "ziektes", "klachten"),
    **_keys(Label.RELIGION, "religion", "faith", "religion", "confession", "religie"),
    **_keys(Label.ORGANIZATION, "company", "employer", "organisation", "organization",
            "school", "university", "entreprise", "firma", "arbeitgeber", "bedrijf", "compagnie",
            "societe", "unternehmen", "employeur", "werkgever", "empresa", "institution", "hospital",
            "werkgever", "empresa"),
}  # fmt: skip

#: Words that, in the few characters before a number, say what the number is.
CONTEXT_WORDS: dict[Label, tuple[str, ...]] = {
    Label.PHONE: ("phone", "tel", "call", "mobile", "cell", "fax", "whatsapp", "sms", "text me",
                  "ring", "telephone", "portable", "appel", "telefon", "handy", "ruf", "anruf",
                  "bel ", "bellen", "mobiel", "telefoon", "llama", "movil", "telefono", "contact"),
    Label.NATIONAL_ID: ("ssn", "social", "security", "national", "insurance", "securite",
                        "sociale", "sozial", "versicherung", "bsn", "burgerservice", "nir",
                        "insee", "dni", "nie", "nif", "tax", "steuer", "seguridad"),
    Label.PASSPORT: ("passport", "passeport", "pass-nr", "reisepass", "paspoort", "pasaporte"),
    Label.DRIVER_LICENSE: ("licence", "license", "permis", "fuhrerschein", "rijbewijs",
                           "licencia", "carnet"),
    Label.ID_CARD: ("id card", "identity", "identite", "ausweis", "identiteit", "identidad",
                    "id number", "id no", "document", " id"),
    Label.CREDIT_CARD: ("card", "carte", "karte", "kaart", "tarjeta", "visa", "mastercard"),
    Label.ACCOUNT_NUMBER: ("account", "compte", "konto", "rekening", "cuenta"),
    Label.CONTRACT_NUMBER: ("contract", "contrat", "vertrag", "contrato"),
    Label.POLICY_NUMBER: ("policy", "polizza", "police", "polis", "poliza"),
    Label.CUSTOMER_ID: ("customer", "client", "member", "kunde", "klant", "cliente"),
    Label.TICKET_NUMBER: ("ticket", "case", "incident", "order", "booking", "reference", "ref"),
    Label.MEDICAL_RECORD_NUMBER: ("mrn", "medical record", "nhs", "patient"),
    Label.POSTCODE: ("postcode", "postal", "zip", "code postal", "plz", "postleitzahl", "cp "),
}  # fmt: skip

BIRTH_CONTEXT = (
    "born", "birth", "dob", "d.o.b", "bday", "naissance", "ne le", "nee le", "ne(e)",
    "geboren", "geburt", "geb.", "geboorte", "nacimiento", "nacido", "nacida", "nac.",
)  # fmt: skip

WEEKDAYS = (
    "monday tuesday wednesday thursday friday saturday sunday "
    "lundi mardi mercredi jeudi vendredi samedi dimanche "
    "montag dienstag mittwoch donnerstag freitag samstag sonntag "
    "maandag dinsdag woensdag donderdag vrijdag zaterdag zondag "
    "lunes martes miercoles jueves viernes sabado domingo"
).split()  # fmt: skip

MONTHS = (
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec "
    "janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre "
    "janv fevr avr juil "
    "januar februar marz maerz april juni juli oktober dezember jaenner janner "
    "januari februari maart mei augustus oktober "
    "enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre "
    "diciembre février août décembre märz jänner"
).split()  # fmt: skip

GENDER_WORDS = (
    "male", "female", "man", "woman", "feminine", "masculine", "non-binary", "nonbinary",
    "genderqueer", "genderfluid", "gender fluid", "agender", "bigender", "transgender",
    "trans woman", "trans man", "intersex", "two-spirit", "prefer not to say",
    "prefer not to disclose", "homme", "femme", "masculin", "feminin", "non binaire",
    "non-binaire", "mannlich", "weiblich", "divers", "nichtbinar", "nicht-binar", "mannelijk",
    "vrouwelijk", "vrouw", "niet-binair", "hombre", "mujer", "masculino", "femenino",
    "no binario", "no binaria",
)  # fmt: skip

TITLE_WORDS = (
    "mr", "mrs", "ms", "miss", "mx", "dr", "prof", "sir", "dame", "lady", "lord", "madam",
    "madame", "mademoiselle", "monsieur", "mme", "mlle", "herr", "frau", "dhr", "mevr",
    "mevrouw", "meneer", "heer", "senor", "senora", "senorita", "sr", "sra", "srta", "don",
    "dona", "baron", "baroness", "count", "countess", "duke", "duchess", "earl", "marquis",
    "marquess", "viscount", "alderman", "reverend", "rev", "father", "sister", "brother",
    "captain", "capt", "major", "colonel", "general", "sergeant", "judge", "justice",
    "mayor", "prefect", "councillor", "doctor", "professor", "master", "mister", "ing",
    "mag", "dipl", "graf", "grafin", "freiherr", "jonkheer", "baronesse", "comte", "comtesse",
    "docteur", "maitre", "me", "pr", "drs", "mr.", "ir", "msgr", "mgr", "monseigneur",
    "prince", "princess", "princesse", "prinz", "prinzessin", "chambellan", "frere", "soeur",
    "mere", "pere", "abbe", "cardinal", "pasteur", "eveque", "bishop", "rabbi", "imam",
    "sheikh", "emir", "king", "queen", "roi", "reine", "konig", "konigin", "dowager",
    "excellency", "honourable", "hon", "esq", "jhr", "jkvr", "dhr.", "mevr.",
    "dra", "dña", "doña", "señor", "señora", "señorita", "lic", "licda", "licenciado", "licenciada", "mtro",
    "mtra", "arq", "profa", "ofc", "sgt", "cllr", "insp",
)  # fmt: skip

SALUTATIONS = (
    "dear", "hi", "hello", "hey", "greetings", "attn", "attention", "regards", "sincerely",
    "thanks", "cheers", "cher", "chere", "bonjour", "salut", "cordialement", "liebe", "lieber",
    "hallo", "sehr geehrte", "sehr geehrter", "gruss", "grusse", "beste", "geachte", "hoi",
    "groeten", "hola", "estimado", "estimada", "querido", "querida", "saludos", "atentamente",
    "signed",
)  # fmt: skip

#: Relational / indirect mentions of a person that identify someone in context.
RELATION_WORDS = (
    "wife", "husband", "son", "daughter", "mother", "father", "mom", "mum", "dad", "sister",
    "brother", "partner", "girlfriend", "boyfriend", "fiance", "fiancee", "grandmother",
    "grandfather", "grandma", "grandpa", "aunt", "uncle", "niece", "nephew", "cousin",
    "neighbour", "neighbor", "boss", "colleague", "roommate", "ex", "stepson", "stepdaughter",
)  # fmt: skip

#: the same relations in Spanish, French, German and Dutch ("mi mujer Ana", "ma fille Léa",
#: "meine Frau Anna", "mijn zoon Daan"): read after a possessive, before a first name
RELATION_WORDS_INTL = (
    "mujer", "marido", "esposo", "esposa", "hijo", "hija", "hermano", "hermana", "padre", "madre",
    "papá", "mamá", "abuelo", "abuela", "tío", "tía", "primo", "prima", "sobrino", "sobrina",
    "nieto", "nieta", "novio", "novia", "pareja", "suegro", "suegra", "cuñado", "cuñada", "yerno",
    "nuera", "vecino", "vecina", "jefe", "jefa", "compañero", "compañera", "amigo", "amiga",
    "mari", "femme", "fils", "fille", "frère", "sœur", "soeur", "père", "mère", "oncle", "tante",
    "cousine", "neveu", "nièce", "grand-père", "grand-mère", "copain", "copine", "compagnon",
    "compagne", "voisin", "voisine", "collègue", "époux", "épouse", "ami", "amie",
    "mann", "frau", "ehemann", "ehefrau", "sohn", "tochter", "bruder", "schwester", "vater",
    "mutter", "onkel", "neffe", "nichte", "opa", "oma", "freund", "freundin", "nachbar",
    "nachbarin", "kollege", "kollegin", "partnerin",
    "vrouw", "zoon", "dochter", "broer", "zus", "vader", "moeder", "oom", "neef", "nicht",
    "vriend", "vriendin", "buurman", "buurvrouw", "collega", "echtgenoot", "echtgenote",
)  # fmt: skip

#: endings of file names and of the commonest host names: a token that ends in one is no user name
#: ("notes_v2.txt", "mail.example.com")
FILE_ENDINGS = (
    "py", "js", "ts", "json", "yaml", "yml", "txt", "csv", "md", "html", "css", "java", "cpp", "c", "h", "go",
    "rs", "rb", "php", "sh", "pdf", "png", "jpg", "jpeg", "gif", "doc", "docx", "xls", "xlsx", "zip", "exe",
    "dll", "so", "log", "xml", "sql", "ini", "cfg", "toml", "lock", "com", "org", "net", "io",
)  # fmt: skip

#: Street-type words: "<Name> Road", "Hauptstraße", "rue de la Paix", "Calle Mayor".
STREET_SUFFIXES = (
    "road", "rd", "street", "st", "lane", "ln", "avenue", "ave", "av", "close", "drive", "dr",
    "way", "court", "ct", "place", "pl", "crescent", "terrace", "gardens", "grove", "hill",
    "park", "row", "square", "sq", "walk", "boulevard", "blvd", "parkway", "highway", "hwy",
    "mews", "rise", "view", "green", "vale", "wharf", "yard", "circle", "trail", "bank",
    "strasse", "straße", "str", "weg", "allee", "platz", "gasse", "damm", "ufer", "chaussee", "rue",
    "straat", "laan", "plein", "gracht", "kade", "singel", "dijk", "dreef", "steeg",
)  # fmt: skip
STREET_PREFIXES = (
    "rue", "avenue", "boulevard", "bd", "chemin", "place", "impasse", "allee", "quai", "route",
    "cours", "passage", "calle", "avenida", "plaza", "paseo", "camino", "carretera", "via",
    "viale", "piazza", "rua", "praca",
)  # fmt: skip
#: Spanish street words, long and abbreviated (Faker es_ES/es_MX and everyday forms)
ES_STREET_PREFIXES = (
    "calle", "c/", "cl", "avenida", "avda", "av", "plaza", "pza", "paseo", "pº", "camino", "carretera",
    "ctra", "ronda", "rambla", "glorieta", "urbanización", "urbanizacion", "urb", "callejón", "callejon",
    "cañada", "alameda", "acceso", "pasaje", "cuesta", "pasadizo", "travesía", "travesia", "vía", "via",
    "vial", "calzada", "cerrada", "circuito", "privada", "prolongación", "andador", "retorno", "diagonal",
    "periférico", "boulevard", "bulevar", "polígono", "poligono", "barrio", "colonia",
    # Catalan, Galician, Rioplatense forms of the same words
    "gran vía", "gran via", "carrer", "avinguda", "passeig", "plaça", "travessera", "rúa", "rua", "praza",
    "estrada", "bv", "blvr",
)  # fmt: skip
#: every street word: the suffixes above and the street types of Faker's English-language address
#: providers (Alley, Branch, Fork, Neck, Trace ...), which are common words and therefore only
#: count after a house number
STREET_WORDS = tuple(
    sorted(
        {
            *STREET_SUFFIXES,
            "alley", "bend", "branch", "bridge", "brook", "brooks", "burg", "burgs", "bypass", "camp", "canyon",
            "cape", "causeway", "center", "centers", "circles", "cliff", "cliffs", "common", "commons",
            "corner", "corners", "course", "courts", "cove", "coves", "creek", "crest", "crossing", "crossroad",
            "curve", "dale", "dam", "divide", "drives", "estate", "estates", "expressway", "extension",
            "extensions", "fall", "falls", "ferry", "field", "fields", "flat", "flats", "ford", "fords",
            "forest", "forge", "forges", "fork", "forks", "fort", "freeway", "garden", "gateway", "glen",
            "glens", "greens", "groves", "harbor", "harbors", "haven", "heights", "hills", "hollow", "inlet",
            "island", "islands", "isle", "junction", "junctions", "key", "keys", "knoll", "knolls", "lake",
            "lakes", "land", "landing", "light", "lights", "loaf", "lock", "locks", "lodge", "loop", "mall",
            "manor", "manors", "meadow", "meadows", "mill", "mills", "mission", "motorway", "mount",
            "mountain", "mountains", "neck", "orchard", "oval", "overpass", "parks", "parkways", "pass",
            "passage", "path", "pike", "pine", "pines", "plain", "plains", "plaza", "point", "points", "port",
            "ports", "prairie", "radial", "ramp", "ranch", "rapid", "rapids", "rest", "ridge", "ridges",
            "river", "roads", "route", "shoal", "shoals", "shore", "shores", "skyway", "spring", "springs",
            "spur", "spurs", "squares", "station", "stravenue", "stream", "streets", "summit", "throughway",
            "trace", "track", "trafficway", "tunnel", "turnpike", "underpass", "union", "unions", "valley",
            "valleys", "viaduct", "views", "village", "villages", "ville", "vista", "walks", "wall", "ways",
            "well", "wells", "cottage", "cottages", "farm", "house", "barn", "parade", "approach",
            "broadway", "esplanade", "promenade", "quay", "row", "side", "wynd",
        }
    )
)  # fmt: skip
SECONDARY_UNITS = (
    "apt", "apartment", "suite", "ste", "unit", "flat", "office", "condo", "pod", "tower",
    "duplex", "chalet", "room", "rm", "floor", "fl", "studio", "penthouse", "loft", "villa",
    "cottage", "bungalow", "building", "bldg", "block", "appartement", "appt", "etage",
    "bureau", "wohnung", "zimmer", "stock", "piso", "puerta", "planta", "kamer", "verdieping",
)  # fmt: skip

#: Acronyms that are generic terms, not names: technology and business vocabulary, currency
#: codes, time zones.  Neither the acronym heuristic nor the NER treats them as organisations.
COMMON_ACRONYMS = frozenset((
    "OK", "TV", "PC", "ID", "IP", "AM", "PM", "AI", "UI", "UX", "OS", "CV", "FAQ", "PDF", "API",
    "URL", "URI", "HTML", "CSS", "JSON", "XML", "YAML", "CSV", "HTTP", "HTTPS", "SQL", "USB", "CPU",
    "GPU", "RAM", "SSD", "HDD", "ETA", "ASAP", "FYI", "DIY", "PS", "NB", "RE", "FW", "CC", "BCC",
    "TBD", "N/A", "NA", "Q&A", "R&D", "B2B", "B2C", "KPI", "ROI", "CEO", "CTO", "CFO", "COO", "HR",
    "IT", "QA", "VS", "EU", "UN", "AD", "BC", "BCE", "CE", "MR", "MRS", "MS", "DR", "NO", "YES",
    "LLM", "GPT", "NLP", "ML", "SDK", "IDE", "CLI", "GUI", "DNS", "VPN", "LAN", "WAN", "SSH", "SSL",
    "TLS", "FTP", "SMTP", "TCP", "UDP", "MAC", "UUID", "GUID", "JWT", "OTP", "PIN", "SMS", "MMS",
    "SEO", "SEM", "CRM", "ERP", "SaaS", "MVP", "UAT", "SLA", "RFP", "RFQ", "MOU", "NDA", "GDPR",
    "PII", "PHI", "ESG", "CSR", "GDP", "NPV", "IRR", "EBITDA", "P&L", "YoY", "QoQ", "EOD", "OOO",
    "RSVP", "PPT", "DOC", "XLS", "PNG", "JPG", "JPEG", "GIF", "MP3", "MP4", "RPG", "FPS", "MMO",
    "EV", "AC", "DC", "LED", "LCD", "GPS", "PATH", "ENV", "MBA", "PHD", "BSC", "MSC", "GPA",
    "CPA", "IELTS", "TOEFL", "STEM", "DAU", "MAU", "ARPU", "CAC", "LTV", "ATM", "VAT",
    "USD", "EUR", "GBP", "JPY", "CNY", "RMB", "INR", "AUD", "CAD", "CHF", "SEK", "NOK", "DKK",
    "SAR", "AED", "KRW", "BRL", "MXN", "ZAR", "RUB", "TRY", "HKD", "SGD", "NZD",
    "GMT", "UTC", "CET", "CEST", "EST", "EDT", "PST", "PDT", "CST", "CDT", "MST", "IST", "BST",
    "JST",
))  # fmt: skip

#: Everyday words that Webster's 2nd (1934) and GCIDE lack; with them a capitalised word in a
#: heading or a button label ("Email", "Podcast") is not taken for a brand.
MODERN_WORDS = (
    "website", "webpage", "webinar", "blog", "blogger", "vlog", "app", "apps", "podcast", "login",
    "logout", "signup", "username", "password", "online", "offline", "email", "emails", "inbox",
    "smartphone", "laptop", "desktop", "tablet", "download", "upload", "downloads", "uploads",
    "software", "hardware", "firmware", "malware", "spyware", "ransomware", "cybersecurity",
    "cyber", "internet", "intranet", "homepage", "hashtag", "selfie", "emoji", "chatbot",
    "healthcare", "telehealth", "telemedicine", "robotics", "nanotechnology", "biotech",
    "fintech", "ecommerce", "startup", "startups", "crowdfunding", "outsourcing", "freelance",
    "freelancer", "programme", "programmes", "centre", "centres", "colour", "favourite",
    "organisation", "organisations", "behaviour", "labour", "honours", "catalogue", "analyse",
    "takeaway", "takeaways", "attendee", "attendees", "checklist", "workflow", "workflows",
    "dashboard", "dashboards", "feedback", "onboarding", "offboarding", "upskilling",
    "stakeholder", "stakeholders", "wellbeing", "mindfulness", "skincare", "haircare",
    "lifestyle", "workout", "workouts", "smoothie", "vegan", "gluten", "keto", "playlist",
    "livestream", "streaming", "subscription", "subscriptions", "newsletter", "newsletters",
    "blockchain", "cryptocurrency", "crypto", "bitcoin", "metaverse", "sustainability",
    "datasets", "dataset", "database", "databases", "analytics", "algorithm", "algorithms",
    "chatroom", "voicemail", "teamwork", "coworker", "coworkers", "remote", "hybrid",
    "internship", "internships", "mentorship", "leaderboard", "gameplay", "esports",
    "multimedia", "infographic", "infographics", "screenshot", "screenshots", "hyperlink",
    "wifi", "bluetooth", "cloud", "server", "servers", "backend", "frontend", "fullstack",
    "devops", "api", "apis", "url", "urls", "html", "javascript", "python", "plugin", "plugins",
)  # fmt: skip

#: Words that end an organisation name ("Kestrel Air", "Zelva national company", "Acme GmbH").
#: Legal forms: they only end company names (a "Group" or a "Bank" may be generic; a "Ltd" is not).
LEGAL_FORMS = (
    "inc", "ltd", "limited", "incorporated", "pty", "llc", "llp", "gmbh", "sarl", "bv", "nv", "plc",
    "corp", "corporation", "s.a", "s.l", "s.l.l", "s.l.u", "s.a.u", "s.c.p", "s.coop", "s.c", "s.a.s",
    "s.r.l", "s. de r.l", "s.a. de c.v", "sl", "slu", "sau", "scp",
)  # fmt: skip
#: words that open a Spanish business name ("Autoescuela Verdugo", "Hermanos Carballo")
ES_ORG_HEADS = (
    "academia", "autoescuela", "panadería", "panaderia", "hermanos", "construcciones", "distribuciones",
    "talleres", "transportes", "inmobiliaria", "farmacia", "clínica", "clinica", "grupo", "compañía",
    "compania", "consultora", "asesoría", "asesoria", "gestoría", "gestoria", "restaurante", "cafetería",
    "cafeteria", "ferretería", "ferreteria", "librería", "libreria", "peluquería", "peluqueria", "bufete",
    "despacho", "colegio", "instituto", "fundación", "fundacion", "asociación", "asociacion",
    "cooperativa", "industrias", "servicios", "soluciones", "tecnologías", "tecnologias", "comercial",
    "almacenes", "laboratorios", "estudio", "agencia", "carpintería", "carpinteria", "fontanería",
    "fontaneria", "electricidad", "reformas", "limpiezas", "seguros", "bodegas", "hotel", "hostal",
    "hospital", "residencia", "ies", "ceip", "cep", "escuela", "universidad", "centro", "bar", "salón", "salon",
    "frutas", "constructora", "cerámicas", "ceramicas", "análisis", "analisis", "óptica", "optica",
    "clínicas", "clinicas", "mercería", "merceria", "carnicería", "carniceria", "pescadería", "pescaderia",
    "floristería", "floristeria", "guardería", "guarderia", "gimnasio", "veterinaria", "taller", "trabajo",
    "cafés", "cafes", "muebles", "pinturas", "panificadora", "pastelería", "pasteleria", "joyería", "joyeria",
    "distribuidora", "distribuidor", "viña", "viñedos", "conservas", "chiringuito", "liceo", "escola",
    "col·legi", "institut", "minimarket", "supermercado", "supermercados", "asesores", "notaría", "notaria",
    "imprenta", "papelería", "papeleria", "lavandería", "lavanderia", "tintorería", "tintoreria", "frutería",
    "fruteria", "cervecería", "cerveceria", "marisquería", "marisqueria", "pizzería", "pizzeria", "heladería",
    "heladeria", "taberna", "mesón", "meson", "editorial", "productora", "promotora", "club", "peña",
    "hnos", "mutua", "caja", "banco", "cooperativa", "sindicato", "ayuntamiento",
)  # fmt: skip
ORG_DESIGNATORS = (
    *LEGAL_FORMS, "sas", "sa", "sl", "ag", "company", "co", "group", "holdings", "bank", "university", "college",
    "institute", "hospital", "clinic", "school", "academy", "foundation", "association",
    "society", "agency", "airlines", "airways", "air", "motors", "technologies", "technology",
    "solutions", "systems", "labs", "studio", "studios", "games", "pictures", "media",
    "partners", "consulting", "contractors", "enterprises", "industries", "pharma",
    "universite", "universitat", "universiteit", "universidad", "hopital", "klinik", "ziekenhuis",
    "solicitors", "architects", "surgery", "dental", "vets", "veterinary", "pharmacy", "bakery",
    "cafe", "café", "salon", "garage", "builders", "plumbing", "electrical", "logistics",
    "foods", "candles", "crafts", "designs", "accountants", "associates", "lettings", "estates",
    "nursery", "montessori", "taqueria", "restaurant", "tavern", "pub",
    "charity", "fc", "rfc", "gaa", "society", "surveyors", "opticians", "physio",
    "chambers", "llp", "barbers", "hairdressers", "florist", "florists", "removals", "cleaning",
)  # fmt: skip

#: Words that make a value someone else's in the customer's own ticket ("my ex's number", "el móvil
#: de mi madre", "le numéro de ma femme"): relations in en/es/fr/de/nl, third-person possessives
#: and pronouns.  Used to decide which values of a type the task needs are the customer's own.
THIRD_PARTY_WORDS = (
    *RELATION_WORDS, "friend", "flatmate", "landlord", "tenant", "employee", "client", "customer",
    "someone", "somebody", "another", "other", "her", "his", "their", "hers", "him", "she", "he", "they",
    # es
    "ex", "mujer", "esposa", "esposo", "marido", "madre", "padre", "mama", "papa", "hijo", "hija",
    "hermano", "hermana", "novio", "novia", "pareja", "abuelo", "abuela", "tio", "tia", "primo", "prima",
    "sobrino", "sobrina", "vecino", "vecina", "jefe", "jefa", "companero", "companera", "amigo", "amiga",
    "suegro", "suegra", "cunado", "cunada", "otro", "otra", "alguien", "ella", "el de", "la de",
    # fr
    "femme", "mari", "mere", "pere", "fils", "fille", "frere", "soeur", "copain", "copine", "voisin",
    "voisine", "collegue", "ami", "amie", "elle", "lui", "leur",
    # de
    "frau", "mann", "mutter", "vater", "sohn", "tochter", "bruder", "schwester", "freund", "freundin",
    "nachbar", "nachbarin", "kollege", "kollegin", "chef", "chefin", "sein", "seine", "ihr", "ihre",
    # nl
    "vrouw", "moeder", "vader", "zoon", "dochter", "broer", "zus", "vriend", "vriendin", "buurman",
    "buurvrouw", "collega", "zijn", "haar", "hun",
)  # fmt: skip

#: First-person words that attribute a value to the writer ("my number", "mi móvil", "mon numéro").
FIRST_PERSON_WORDS = (
    "my", "mine", "i", "i'm", "me", "our", "we",
    "mi", "mis", "mio", "mia", "yo", "nuestro", "nuestra", "tengo", "quiero", "soy",
    "mon", "ma", "mes", "je", "moi", "notre", "j'ai",
    "mein", "meine", "meinen", "meiner", "ich", "unser", "unsere",
    "mijn", "ik", "onze", "ons",
)  # fmt: skip

#: folded month and weekday names (en/es/fr/de/nl)
CALENDAR_WORDS = frozenset(fold(w) for w in (*MONTHS, *WEEKDAYS))
#: particles inside names and place names ("van der", "de la", "Saint", "upon")
NAME_CONNECTORS = frozenset({"van", "de", "der", "den", "von", "la", "le", "del", "di", "da", "du", "des",
                             "el", "y", "ter", "ten", "bin", "ibn", "al", "st", "saint", "sur", "upon", "on",
                             "am", "im", "an", "aan", "op"})  # fmt: skip


# ---------------------------------------------------------------- field names -> labels

_MAX_KEY_WORDS = 5
_NAME_WORDS = {"name", "names", "naam", "nom", "nombre", "vorname", "nachname"}
_PERSON_NAME_PREFIXES = {
    "first",
    "last",
    "full",
    "given",
    "family",
    "middle",
    "second",
    "maiden",
    "nick",
    "sur",
    "fore",
    "display",
    "legal",
    "real",
    "birth",
    "user",
    "my",
    "your",
    "his",
    "her",
    "person",
    "personal",
    "de",
    "famille",
    "complet",
    "party",
    "contact",
    "account",
    "holder",
    "member",
    "owner",
}
#: prepositions that are keys only on their own ("To: Ana", "De: Luis"), never as a suffix ("pay to")
_EXACT_ONLY = {
    "to",
    "by",
    "cc",
    "bcc",
    "from",
    "de",
    "von",
    "van",
    "an",
    "aan",
    "a",
    "para",
    "fn",
    "ln",
    # health keys that end other keys ("terms and conditions", "service treatment")
    "conditions",
    "health",
    "treatment",
    "treatments",
    "symptoms",
    "medical",
    "meds",
    "tratamiento",
    "enfermedad",
    "traitement",
    "maladie",
    "klachten",
}


def _split_key(key: str) -> str:
    key = re.sub(r"([a-z])([A-Z])", r"\1 \2", key)
    return fold(key)


def key_label(key: str) -> Label | None:
    """Map a field name to a label (``None`` when the key says nothing about personal data).

    Exact match first, then the longest known suffix that starts on a word
    boundary (``student_dob``) or, for suffixes of 4+ letters, inside a
    compound word (``identiteitskaartnummer``).
    """
    words = re.sub(r"[^a-z0-9 ]", " ", _split_key(key).replace("'", "")).split()
    while words and words[-1].isdigit():  # "Given Name 1", "issue_2"
        words.pop()
    if not words or len(words) > _MAX_KEY_WORDS:
        return None
    compact = "".join(words)
    if compact in FIELD_KEYS:
        return FIELD_KEYS[compact]
    if len(words) > 1 and words[-1] in _NAME_WORDS:
        # "student name" is a person, "activity name" / "project name" is not
        head = "".join(words[:-1])
        if not (set(words[:-1]) & _PERSON_NAME_PREFIXES or FIELD_KEYS.get(head) == Label.PERSON):
            return None
    boundaries = set()
    pos = 0
    for w in words:
        boundaries.add(pos)
        pos += len(w)
    # longest suffix first: one dictionary lookup per position, not one scan of every key
    for at in range(1, len(compact)):
        suffix = compact[at:]
        if suffix in FIELD_KEYS and suffix not in _EXACT_ONLY and (at in boundaries or len(suffix) >= 4):
            return FIELD_KEYS[suffix]
    return None
