"""The structure of forms and records is not personal data: field names, XML elements, salutations
to a group, German and Dutch compound nouns.  Each row has a personal twin that must still be
masked (the same shape with a value in it), so a rule cannot pass by masking less everywhere.

Each row: (text, a string no detected span may touch); each twin: (text, a string every letter
and digit of which must be covered).  Every value is invented.
"""

from __future__ import annotations

import pytest

from local_model.detection.hybrid import HybridDetector
from local_model.text.gazetteers import load_gazetteers
from local_model.text.words import closed_compound

_MARKDOWN_TABLE = "| Name | Email | Phone | City |\n|---|---|---|---|\n| Ana Okafor | ana@x.org | 0612345678 | Exeter |"

KEEP = [
    # XML elements: the tag names a field, the value between the tags is the data
    ("<Person>\n  <ID>3RL</ID>\n  <IP>194.70.0.165</IP>\n</Person>", "<ID>"),
    ("<Person>\n  <ID>3RL</ID>\n  <IP>194.70.0.165</IP>\n</Person>", "<IP>"),
    ("<BankDetails><IBAN>NL92ABNA0439349192</IBAN></BankDetails>", "<IBAN>"),
    # a template's slot: it names a value and holds none
    ("Dear <NAME>, thanks", "<NAME>"),
    ("Dear [RECIPIENT_NAME],\nWe are thrilled to have you", "[RECIPIENT_NAME]"),
    ("1. Group A - led by [INSTRUCTOR_NAME_A]\n   - Date of Birth: September 2nd, 1945", "[INSTRUCTOR_NAME_A]"),
    # field names of records
    ('{"Passwort": "Yey:X;i{E2R0", "Nachname_1": "Chambet"}', "Nachname_1"),
    ("Givenname_A: Ambroise\n  Givenname2_A: Julien", "Givenname2_A"),
    ("country: NL\n  building_number: 433\n  street: Stadspark Staddijk", "street"),
    ("Zusatzadresse: PO 254\nStraße: Küperskamp", "Straße:"),
    ('"Geo_Coordinates": "[53.22, 8.47]"', "Geo"),
    # salutations to a group or a role
    ("Dear Applicant,\n\nWe are pleased to inform you", "Applicant"),
    ("Liebe Kursteilnehmer,\n\nherzlich willkommen", "Kursteilnehmer"),
    # an HTML page's title element names the page
    ("<HTML> <head>\n    <title>Grant Proposal: Innovative Science Education</title>", "Grant"),
    ("Sehr geehrte Bildungsplattform-Nutzer,\n\nim Rahmen", "Bildungsplattform-Nutzer"),
    # a vendor addressed
    ("Dear BNP Paribas support, I'm writing about my card", "BNP Paribas"),
    # what is left of a name once a brand is kept, a title word at the end of a line
    ("I copied this from the console:\nGlovo App version 20740.2677", "App"),
    ("Kind regards, Sian Bishop\n\nRespond with a JSON object", "Respond"),
    (
        "Installer exited with code E-4012 while writing C:\\Users\\frederick.shepherd\\Downloads\\setup.exe",
        "Downloads",
    ),
    ("lo he puesto en modo mixto WPA2/WPA3 y sigue igual", "WPA2/WPA3"),
    ("[http-nio-8443-exec-7] ERROR o.a.c.c.C.[Tomcat] failed", "http-nio-8443-exec-7"),
    # German and Dutch compound nouns
    ("Beitrag zu den Auswirkungen des Klimawandels auf Amphibienpopulationen.", "Amphibienpopulationen"),
    ("Bitte die Hintergrundinformationen lesen.", "Hintergrundinformationen"),
    ("Het Samenwerkingsplatform is vernieuwd.", "Samenwerkingsplatform"),
    ("Begeleiding bij Leerstoornissen voor leerlingen.", "Leerstoornissen"),
    # a key inside a value ends the value
    ("Date: 1977-12-04T00:00:00 Place: GB", "Place"),
    ("Zusatzadresse: PO 254 Land: DE Gebäude: 915 Straße: Küperskamp Stadt: Bonn", "Stadt:"),
    # a field's key word before its value is no name or place a guess read in it
    ("Excursão: Big Ben — Telemóvel (351) 912 908 813 — Morada: Av Miranda, 41", "Telemóvel"),
    ("Excursão: Big Ben — Telemóvel (351) 912 908 813 — Morada: Av Miranda, 41", "Morada"),
    ("Lara Sales, Strada Gianinazzi, 184 (Cellulare 033143740, Indirizzo email lara.sales@tim.it)", "Cellulare"),
    ("Nova morada: Rua Sá da Bandeira 218, 4000-123 Porto", "Nova"),
    ("Yeni adres: Meşe Sokak No: 49, 59295 Bornova / İzmir. Teşekkürler", "Yeni"),
    # an order opening a sentence; an article the noisy first-name lists hold, before a listed surname
    ("**Date**: Mark your calendars for the open day on 5 May.", "Mark"),
    ("The Ring Video Doorbell 4 stopped recording after the update.", "The"),
    # a table's header cell is its column's key
    (_MARKDOWN_TABLE, "Name"),
]

_BAR_TABLE = (
    "tckn|posta_kodu|meslek|telefon|ad_soyad\n"
    "6５201579９60|07213|sosyal hizmet uzmanı|0 3 2 - 2 6 5 9 6 3 3 6|Hande Altun\n"
    "56418174994|42154|avukat|+90 532 642 13 44|Zehra Kara"
)

MASK = [
    # a table whose cells are parted by bars: a bar between digits is the separator, no digit 1 typed as a bar
    (_BAR_TABLE, "Hande Altun"),
    (_BAR_TABLE, "sosyal hizmet uzmanı"),
    (_BAR_TABLE, "6５201579９60"),
    (_BAR_TABLE, "07213"),
    ("<Person>\n  <ID>3RL</ID>\n  <IP>194.70.0.165</IP>\n</Person>", "194.70.0.165"),
    ("Hi <PERSON_1>, please call", "<PERSON_1>"),  # a marker in our syntax: masked, it can alias no marker of ours
    ("Hi <PRESIDIO_ANONYMIZED_PERSON>, please call", "<PRESIDIO_ANONYMIZED_PERSON>"),  # it stands for a name
    ("[12:03] <HEIDI> my card was blocked", "HEIDI"),  # a nickname in capitals: the field's word is only a piece
    ("Customer name: [FELIPE_GARCIA]", "FELIPE_GARCIA"),
    ("price=50 EUR, pls ask Laura(accounting)", "Laura"),  # a role in brackets after a name on a line with "=": no call
    ('{"Passwort": "Yey:X;i{E2R0", "Nachname_1": "Chambet"}', "Chambet"),
    ("Excursão: Big Ben — Telemóvel (351) 912 908 813 — Morada: Av Miranda, 41", "912 908 813"),
    ("Lara Sales, Strada Gianinazzi, 184 (Cellulare 033143740, Indirizzo email lara.sales@tim.it)", "Lara Sales"),
    ("Lara Sales, Strada Gianinazzi, 184 (Cellulare 033143740, Indirizzo email lara.sales@tim.it)", "033143740"),
    ("Mi vecino Morada de la calle 5 llamó ayer", "Morada"),
    ("Thanks Zanele. regards, zanele", "Zanele"),
    ("Please ask Mr Fairweather. the fairweather friends came.", "Fairweather"),
    # a surname of dictionary words that the writer's handle repeats in small letters
    ("Could you ask Pennyfeather to call me back? I am listed under pennyfeather in the directory.", "Pennyfeather"),
    ("The package was signed for by Starkweather.\nstarkweather", "Starkweather"),
    ("Nova morada: Rua Sá da Bandeira 218, 4000-123 Porto", "Rua Sá da Bandeira 218, 4000-123 Porto"),
    ("Nuovo indirizzo: C.so Dante Alighieri 203/A, 00835 Como", "C.so Dante Alighieri 203/A, 00835 Como"),
    ("Yeni adres: Meşe Sokak No: 49, 59295 Bornova / İzmir. Teşekkürler", "Bornova / İzmir"),
    ("Mi ha scritto Nova Rossi: nuovo indirizzo in arrivo", "Nova Rossi"),
    ("the new password is Tr0ub4dor&3 now", "Tr0ub4dor&3"),
    ("i'm at 284 cherry parade, apt 12 in mira mesa", "284 cherry parade"),
    ("Dear Heavenly, thanks for the form", "Heavenly"),
    ("Dear Baker, thanks for the form", "Baker"),
    ("Dear Fairweather, thanks for the form", "Fairweather"),
    ("<record><title>Mr</title><name>Ana Lopez</name></record>", "Mr"),
    ("Dear John Smith team lead, thanks for the form", "John Smith"),
    ("Kind regards, Sian Bishop\n\nRespond with a JSON object", "Sian Bishop"),
    ("we met Bishop Okonkwo at the parish office", "Okonkwo"),
    ("the Glovo courier Ana Souza rang twice", "Ana Souza"),
    (
        "Installer exited with code E-4012 while writing C:\\Users\\frederick.shepherd\\Downloads\\setup.exe",
        "frederick.shepherd",
    ),
    ("ich wohne bei Herrn Oberländer in Köln", "Oberländer"),
    ("I moved to Mentor, Ohio last year", "Mentor"),
    ("Date: 1977-12-04T00:00:00 Place: GB", "1977-12-04T00:00:00"),
    ("Geburtsdatum: 05. Mai 1974 E-Mail: cvb4@aol.com", "05. Mai 1974"),
    ("Land: NL\nGebouw: 397\nStraat: Dikkenbergweg", "397"),
    ("Steuer-ID: 57 419 830 266   Klasse: III   Konfession: rk", "rk"),
    ("su usuario es el_Kike_2009. el correo de la cuenta es el mío", "el_Kike_2009"),
    ("Name: John Smith Date of birth: 1980-01-02", "John Smith"),
    ("Name: John Smith Date of birth: 1980-01-02", "1980-01-02"),
    ("3. Participant - NOM: Claps Paternò Adriaens", "Claps Paternò Adriaens"),
    # a floor written number first and a building's part stay on the street line
    ("Camille Nguyen\n12 rue Paul Bert, bât. C, 3e étage\n69003 Lyon", "12 rue Paul Bert, bât. C, 3e étage"),
    ("Ayşe Demir\nLindenstraße 42, Hinterhaus, 2. OG\n50674 Köln", "Lindenstraße 42, Hinterhaus, 2. OG"),
    ("Zusatzadresse: PO 254 Land: DE Gebäude: 915 Straße: Küperskamp Stadt: Bonn", "915"),
    ("Zusatzadresse: PO 254 Land: DE Gebäude: 915 Straße: Küperskamp Stadt: Bonn", "Küperskamp"),
    ("Zusatzadresse: PO 254 Land: DE Gebäude: 915 Straße: Küperskamp Stadt: Bonn", "Bonn"),
    ("Land: Deutschland\nGebäude: 664\nStraße: Hauptstraße", "664"),
    # names in the places of the phrases above, and of phrases a precision rule must not take for words (headings,
    # groups greeted, titles that are words, a team's signature, an apposition after a name, articles that are names)
    ("Mark your calendar: Mark Evans will call you tomorrow.", "Mark Evans"),
    ("Frank the plumber came by yesterday and left the door open.", "Frank"),
    ("Grace my neighbour took the parcel in.", "Grace"),
    ("Una Walsh is my emergency contact.", "Una Walsh"),
    ("<h2>Grace Lake</h2>\n<p>Date of birth: 12/03/1981</p>", "Grace Lake"),
    ("Dear Bill Bonds,\nyour claim was approved.", "Bill Bonds"),
    ("Captain Lake called me about the boat.", "Lake"),
    ("Kind regards,\nFrank Office Manager", "Frank"),
    (_MARKDOWN_TABLE, "Ana Okafor"),
    (_MARKDOWN_TABLE, "Exeter"),
    ("Ma voiture affiche le code défaut AB-123-CD depuis hier.", "AB-123-CD"),
]


@pytest.fixture(scope="module")
def detector() -> HybridDetector:
    return HybridDetector()


@pytest.mark.parametrize(("text", "kept"), KEEP)
def test_structure_is_kept(detector: HybridDetector, text: str, kept: str) -> None:
    start = text.index(kept)
    end = start + len(kept)
    hits = [(e.text, e.label.value, e.source) for e in detector.detect(text) if e.start < end and e.end > start]
    assert not hits, hits


@pytest.mark.parametrize(("text", "value"), MASK)
def test_personal_twin_is_masked(detector: HybridDetector, text: str, value: str) -> None:
    start = text.index(value)
    covered = set()
    for e in detector.detect(text):
        covered.update(range(e.start, e.end))
    missing = [c for i, c in enumerate(value, start) if c.isalnum() and i not in covered]
    assert not missing, (value, missing)


@pytest.mark.parametrize(
    ("word", "compound"),
    [
        ("Amphibienpopulationen", True),
        ("Reisepassnummer", True),
        ("Kursteilnehmer", True),
        ("Leerstoornissen", True),
        ("Samenwerkingsplatform", True),
        # surnames: a surname as the last part, short parts, an English compound, too short
        ("Stuhlmüller", False),
        ("Rosenberg", False),
        ("Gutstein", False),
        ("Fairweather", False),
        ("Witzleben", False),
        ("Schwarzenegger", False),
        ("Teamleden", False),
        ("Auto-Müller", False),
    ],
)
def test_closed_compound(word: str, compound: bool) -> None:
    assert closed_compound(word, load_gazetteers()[1]) is compound


def test_a_noun_after_an_article_is_no_town() -> None:
    from local_model.detection.detectors.gazetteer import GazetteerDetector

    gaz = GazetteerDetector()
    assert not [e for e in gaz.detect("Der Mentor wird regelmäßige Sitzungen abhalten.") if e.text == "Mentor"]
    assert [e.text for e in gaz.detect("Ik woon sinds maart in Den Haag.") if e.label.value == "CITY"] == ["Den Haag"]


LABELS = [
    # a name after a sign-off is a person, whatever a model took it for
    ("Il router non funziona più. Esiste una soluzione?\nGrazie mille, Serena", "Serena", "PERSON"),
    ("La box ne marche plus depuis la mise à jour.\nMerci beaucoup, Christelle", "Christelle", "PERSON"),
    ("Der Router geht nicht mehr.\nVielen Dank, Jörg", "Jörg", "PERSON"),
    # the addressee before an address, the street itself when it opens the value
    ("Delivery address: June Walters, 56 Howard Club, G0 4UJ France", "June Walters", "PERSON"),
    ("Delivery address: June Walters, 56 Howard Club, G0 4UJ France", "56 Howard Club", "STREET_ADDRESS"),
    ("Lieferadresse: Jonas Becker, Hauptstraße 5, 10115 Berlin", "Jonas Becker", "PERSON"),
    ("Dirección: Calle Mayor, 12, Madrid", "Calle Mayor", "STREET_ADDRESS"),
    ("Address: Rose Cottage, 12 Mill Lane", "Rose Cottage", "STREET_ADDRESS"),
    ("Adresse : La Métairie, 7 chemin du Pré Neuf, 44470 Carquefou", "La Métairie", "STREET_ADDRESS"),
    # a credential's parts
    ('curl -u thibaut.masse:a*+$HhZayS0 "https://fcm.googleapis.com/v1"', "thibaut.masse", "USERNAME"),
    ('curl -u thibaut.masse:a*+$HhZayS0 "https://fcm.googleapis.com/v1"', "a*+$HhZayS0", "PASSWORD"),
    ("Der Entsperrcode, den ich gesetzt habe, ist 698062; außerdem", "698062", "PASSWORD"),
]


@pytest.mark.parametrize(("text", "value", "label"), LABELS)
def test_marker_type(detector: HybridDetector, text: str, value: str, label: str) -> None:
    start = text.index(value)
    end = start + len(value)
    hits = [e for e in detector.detect(text) if e.start < end and e.end > start]
    assert hits, value
    best = max(hits, key=lambda e: min(e.end, end) - max(e.start, start))
    assert best.label.value == label, [(e.text, e.label.value, e.source) for e in hits]
