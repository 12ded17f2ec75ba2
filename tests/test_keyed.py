from __future__ import annotations

import pytest

from local_model.detection.detectors.keyed import KeyedFieldDetector
from local_model.text.lexicon import key_label
from signatures.entities import Label

KEYED = KeyedFieldDetector()


@pytest.mark.parametrize(
    ("key", "label"),
    [
        ("student_name", Label.PERSON),
        ("FirstName", Label.PERSON),
        ("Given Name 1", Label.PERSON),
        ("SocialSecurityNumber", Label.NATIONAL_ID),
        ("Gebruikersnaam", Label.USERNAME),
        ("Identiteitskaartnummer", Label.ID_CARD),
        ("Wachtwoord", Label.PASSWORD),
        ("date_de_naissance", Label.DATE_OF_BIRTH),
        ("Geburtsdatum", Label.DATE_OF_BIRTH),
        ("numéro de téléphone", Label.PHONE),
        ("email_address", Label.EMAIL),
        ("Führerscheinnummer", Label.DRIVER_LICENSE),
        # keys of one label joined into one
        ("imie_nazwisko", Label.PERSON),
        ("nome_cognome", Label.PERSON),
        ("Vorname Nachname", Label.PERSON),
        ("activity_name", None),
        ("Description", None),
        ("the weather today is nice and sunny", None),
    ],
)
def test_key_label(key: str, label: Label | None) -> None:
    assert key_label(key) == label


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ('{"student_passport": "OB", "city": "De Wolden"}', "OB", Label.PASSPORT),
        # a key and its value parted by a tab, one pair per line or pairs parted by bars
        ("N.º de contribuinte\tPT258081155\nConfissão religiosa\tjudeu\n", "judeu", Label.RELIGION),
        (
            "nom complet\troser codina ortega | codi postal\t25598 | usuari\trosercodina",
            "roser codina ortega",
            Label.PERSON,
        ),
        ("nom complet\troser codina ortega | codi postal\t25598 | usuari\trosercodina", "rosercodina", Label.USERNAME),
        ('{"student_passport": "OB", "city": "De Wolden"}', "De Wolden", Label.CITY),
        ("<FirstName>Juby</FirstName>", "Juby", Label.PERSON),
        ('<label for="city">Reimerswaal:</label>', "Reimerswaal", Label.CITY),
        ("- **First Name:** Suwanni\n", "Suwanni", Label.PERSON),
        ("<li><strong>Title:</strong> Sir<br>", "Sir", Label.TITLE),
        ("   Paspoortnummer: HV\n", "HV", Label.PASSPORT),
        ("Passwort = s3cr3t!\n", "s3cr3t!", Label.PASSWORD),
        ("Country: NL\\n    - Address: 990, Boterwal", "NL", Label.COUNTRY),
        ("Dear Ms Okonkwo-Baptiste,", "Okonkwo-Baptiste", Label.PERSON),
        ("Beste [Hendrika],", "Hendrika", Label.PERSON),
        ("Nombre: [Rosa Blanco]\n", "[Rosa Blanco]", Label.PERSON),  # a bracketed value made of names
        ("- **Functie**: [Senator]\n", "[Senator]", Label.JOB),  # one word in brackets is a value
        ("user = “@bot:example.org” password = “hunter2xyz” async def f():", "@bot:example.org", Label.USERNAME),
        ("user = “@bot:example.org” password = “hunter2xyz” async def f():", "hunter2xyz", Label.PASSWORD),
        ('Address: "Zelvastraat", "4821", "Overdam"', 'Zelvastraat", "4821", "Overdam', Label.STREET_ADDRESS),
        ("Dear Maria Lopez support, hello", "Maria Lopez", Label.PERSON),  # a full name stays a person
        ("Dear Douglas, the support told me", "Douglas", Label.PERSON),
        # a name and the number after it: still the person's field (a reply of digits alone is not)
        ("Customer: Ana García, 0612 345 678\n", "Ana García, 0612 345 678", Label.PERSON),
        ("Name: ABC-12345678/JOHN/SMITH\n", "ABC-12345678/JOHN/SMITH", Label.PERSON),
        (
            "Usuario: Tomás Vidal, usuario de dominio tvidalq\n",
            "Tomás Vidal, usuario de dominio tvidalq",
            Label.USERNAME,
        ),
        ("City: Reading\n", "Reading", Label.CITY),  # a listed place, though a frequent word
        ("Población: Zaragoza (38207)\n", "Zaragoza (38207)", Label.CITY),
        ("Localité: Saint Léon (38812)\n", "Saint Léon (38812)", Label.CITY),
        # a pasted table: each value under its header's key, quoted or not, lines joined by a written "\n" too
        ("id,first_name,last_name,city\n1,Ana,Okafor,Exeter\n2,Juan,Pérez,Madrid\n", "Okafor", Label.PERSON),
        ("id,first_name,last_name,city\n1,Ana,Okafor,Exeter\n2,Juan,Pérez,Madrid\n", "Madrid", Label.CITY),
        ("Nome;Telefone;Cidade\nRui Costa;912 345 678;Braga\n", "912 345 678", Label.PHONE),
        ('ID, TEL, BUILDING\\n1, "+44 7905 531806", "987"\\n', "987", Label.BUILDING_NUMBER),
        ("| Name | Phone | City |\n|---|---|---|\n| Rui Costa | 912 345 678 | Braga |\n", "Rui Costa", Label.PERSON),
        ("| Name | Phone | City |\n|:---|:---:|---:|\n| Rui Costa | 912 345 678 | Braga |\n", "Braga", Label.CITY),
        # a reply to a question that asks for the name holds it, in small letters too
        ("Operatore: Buongiorno, mi dice nome e cognome?\nCliente: mario rossi\n", "mario rossi", Label.PERSON),
        (
            "Agent: Can I have your date of birth?\nCaller: the fifth of nov, eighty-two\n",
            "the fifth of nov, eighty-two",
            Label.PERSON,
        ),
    ],
)
def test_keyed_values(text: str, value: str, label: Label) -> None:
    hits = {(e.text, e.label) for e in KEYED.detect(text)}
    assert (value, label) in hits, hits


@pytest.mark.parametrize(
    "text",
    [
        "Name: Not Disclosed\n",
        "Name\tCity\n",  # a header of two columns: no pair
        "Status\tOK\nPort\t8443\n",  # keys of nothing personal
        # commas in prose under a line of field words: no table
        "Email, phone, city changed.\nI moved, got a new number, and a new mail.\n",
        "id,first_name,city\n1,Ana\n",  # a line with fewer cells than the header: no row
        "Dear Team,\nthanks",
        "Dear Douglas support, I'm writing because the iPhone",  # one word before the team's word: a vendor
        "Handy: Galaxy Z Flip5, Android 14\n",  # the phone's model after the word "Handy", not its number
        '{"activity_name": "Intensive Maths Training"}',
        "<title>Student Transfer Request Form</title>",
        "*Witness Signature:* [Sign Here]\nName: [Your Name]\n",  # a template's blanks
        'Apple ID: "Verification Failed" after the update\n',  # words, no document number
        "Summary: the results show that everything works as expected in production.\n",
        '<meta name="viewport" content="width=device-width"><input id="email" type="text">',
        # a transcript's speakers: a sentence, a reply, a serial number read out, no user name or person
        "User: the app says 502 Bad Gateway\n",
        "Customer: sure, G000 T602 1234 5678\n",
        "Customer: yes thanks\n",
        "sudo[4411]:   deploy : TTY=pts/0 ; PWD=/srv/app ; COMMAND=/usr/bin/systemctl restart app\n",
        # a status after the French and Spanish word for it, which is also a state's key
        "   État : 0xC000006D\n   Sous-état : 0xC000006A\n",
        "Estado: DISCONNECTED (reason=0x87)\n",
        # code that reads the value from an object: no value is written
        "postData = {'Username':self.username, 'Password':self.password, 'Entity':self.entity }",
        # a transcript's reply to a question about a code or a version: no name
        "Agent Pedro: ¿Qué código aparece?\nCliente: aparece el 0x8007045D al copiar\n",
        "Agent Pedro: ¿Y la versión de Windows?\nCliente: 22H2, compilación 19045.3803\n",
        # a reply in words to a question that asks for nothing personal; a speaker's own question
        "Operatore (Giulia): Ha già provato il reset?\nCliente: sì, niente da fare\n",
        "Agente: ¿Ha probado a reiniciar el router?\nCliente: sí, pero nada\n",
        "Patient: I have had a fever.\nDoctor: Any cough?\n",
        # a status after the word for it, no place; a member of code after a city's key
        "  Last State: Terminated, Reason: OOMKilled\n",
        "City = System.Data.Entity.EntityState.Deleted;\n",
        "Estado: Activo\n",
        # a value that says it was not given, alone or opening its line
        "Población: sin especificar en el formulario\n",
        "Localité : non renseignée\n",
        "Geburtsort: nicht angegeben\n",
    ],
)
def test_keyed_ignores_non_values(text: str) -> None:
    assert KEYED.detect(text) == []


def test_a_long_table_is_read_to_its_last_row() -> None:
    rows = "".join(f"{i},Ana,a{i}@example.org,Exeter\n" for i in range(1, 1200))
    text = "id,first_name,email,city\n" + rows + "1200,Juan,j@example.org,Harrogate\nThanks, Ana\n"
    hits = {(e.text, e.label) for e in KEYED.detect(text)}
    assert ("Juan", Label.PERSON) in hits
    assert ("Harrogate", Label.CITY) in hits
    assert not any(e.text == "Thanks" for e in KEYED.detect(text))


def test_a_log_line_of_key_value_pairs_ends_each_value_at_the_next_pair() -> None:
    text = "login failed user=romanr email=roxanaroman61@gmail.com reason=1310"
    found = {(text[e.start : e.end], e.label.value) for e in KeyedFieldDetector().detect(text)}
    assert ("romanr", "USERNAME") in found
    assert not any("reason" in value or "1310" in value for value, _ in found), found
