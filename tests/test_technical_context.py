"""The technical-context family: what the answer needs stays, its personal twin goes.

Per keep rule: its examples are found whole and its negatives (personal twins) find nothing.  Then
the whole detector on a table of technical and public strings per kind and language, each with the
personal twin of its shape in the same sentence (``error 0x80070057`` next to ``call 0612 345
678``; ``grace period`` next to ``ask for Grace``; ``port 8443`` next to a PIN).
"""

from __future__ import annotations

import inspect

import pytest

from local_model.detection.catalogue import technical
from local_model.detection.catalogue.base import KeepRule, Scan
from local_model.detection.catalogue.technical import KEEP_RULES
from local_model.detection.hybrid import HybridDetector
from local_model.detection.veto import anchored, apply_veto
from signatures.entities import Entity, Label

_EXAMPLES = [(r, text, value) for r in KEEP_RULES for text, value in r.examples]
_NEGATIVES = [(r, text) for r in KEEP_RULES for text in r.negatives]


def test_every_keep_rule_is_listed_once() -> None:
    declared = {v.id for _, v in inspect.getmembers(technical, lambda v: isinstance(v, KeepRule))}
    ids = [r.id for r in KEEP_RULES]
    assert len(ids) == len(set(ids)) and set(ids) == declared


@pytest.mark.parametrize(
    ("r", "text", "value"), _EXAMPLES, ids=[f"{r.id}:{i}" for i, (r, _, _) in enumerate(_EXAMPLES)]
)
def test_keep_rule_finds_its_example(r: KeepRule, text: str, value: str) -> None:
    found = [text[k.start : k.end] for k in r.keeps(Scan(text))]
    assert value in found, found


@pytest.mark.parametrize(("r", "text"), _NEGATIVES, ids=[f"{r.id}:{i}" for i, (r, _) in enumerate(_NEGATIVES)])
def test_keep_rule_is_quiet_on_its_personal_twin(r: KeepRule, text: str) -> None:
    assert [text[k.start : k.end] for k in r.keeps(Scan(text))] == []


def _ent(text: str, value: str, label: Label, source: str = "tagger") -> Entity:
    start = text.index(value)
    return Entity.make(text, start, start + len(value), label, 0.8, source)


def test_veto_drops_a_phone_on_a_version_and_keeps_a_validated_or_anchored_value() -> None:
    text = "build 22631.3007 fails; user=00123456 in the log; IBAN ES91 2100 0418 4502 0005 1332"
    ents = [
        _ent(text, "22631.3007", Label.PHONE, "rules/identifiers.digit_run"),
        _ent(text, "00123456", Label.CUSTOMER_ID, "rules/identifiers.digit_run"),
        _ent(text, "ES91 2100 0418 4502 0005 1332", Label.IBAN, "rules:validated/identifiers.iban"),
    ]
    out, vetoed = apply_veto(ents, text)
    assert [e.text for e in out] == ["00123456", "ES91 2100 0418 4502 0005 1332"] and vetoed == 1
    assert anchored(text, ents[1])


def test_veto_cuts_a_span_to_the_part_that_still_reads_as_its_label() -> None:
    text = "error 0x80070057 0612345678"
    out, _ = apply_veto([_ent(text, "0x80070057 0612345678", Label.PHONE, "rules/x")], text)
    assert [e.text for e in out] == ["0612345678"]
    text = "SQLSTATE 23505 duplicate key"
    out, _ = apply_veto([_ent(text, "23505 duplicate key", Label.STREET_ADDRESS, "rules/x")], text)
    assert out == []


def test_home_directory_user_name_stays_outside_the_kept_path() -> None:
    text = r"C:\Users\jsmith\AppData\Local\App\app.log is huge"
    keeps = [text[k.start : k.end] for k in technical.FILE_PATH.keeps(Scan(text))]
    assert all("jsmith" not in k for k in keeps) and any(k.endswith("app.log") for k in keeps)
    out, _ = apply_veto([_ent(text, "jsmith", Label.USERNAME, "rules/contact.username_shape")], text)
    assert [e.text for e in out] == ["jsmith"]


# (language, text, the strings that must stay, the personal values that must go)
TABLE: list[tuple[str, str, tuple[str, ...], tuple[str, ...]]] = [
    (
        "en",
        "login failed user=romanr email=roxanaroman61@gmail.com reason=1310\n"
        '< HTTP/1.1 422 Unprocessable Entity\n{"error":"AADSTS50076"}',
        ("1310", "AADSTS50076"),
        ("romanr", "roxanaroman61@gmail.com"),
    ),
    (
        "en",
        "Hello, I am Marta Ibáñez and our team uses CaixaBank on the Conta Jovem plan; my account is 00396829.",
        ("Conta Jovem",),
        ("Marta Ibáñez", "00396829"),
    ),
    (
        "en",
        "CLIENT_VERSION=13.17.17.3005\nLISTEN_PORT=51820\nADMIN_EMAIL=joana.reis@example.pt\nPIN=4821",
        ("13.17.17.3005", "51820"),
        ("joana.reis@example.pt",),
    ),
    (
        "en",
        'Traceback (most recent call last):\n  File "app/billing/tasks.py", line 14, in price_itinerary\n'
        "MSI (s) (1C:2C) [02:26:51:734]: Product: Acme -- Error 1603. Call me on 0612 345 678.",
        ("app/billing/tasks.py", "02:26:51:734", "1603"),
        ("0612 345 678",),
    ),
    (
        "en",
        "Item: 1 x Pixel 7 Pro (SM-S918BZKDEUB), ID card of the buyer: Y4431093J",
        ("SM-S918BZKDEUB",),
        ("Y4431093J",),
    ),
    (
        "en",
        "Please call me on 0612 345 678 about error 0x80070057 on Windows build 22631.3007.",
        ("0x80070057", "22631.3007"),
        ("0612 345 678",),
    ),
    (
        "en",
        "Ask for Grace Whitaker at the front desk, we are still in the grace period.",
        ("grace period",),
        ("Grace Whitaker",),
    ),
    ("en", "The service listens on port 8443. My PIN is 4821, do not share it.", ("8443",), ("4821",)),
    (
        "en",
        "After firmware 4.2.19-rc3 the Huawei B535-232 router shows E-4012. Reach me at ana.souza@example.org",
        ("4.2.19-rc3", "B535-232", "E-4012"),
        ("ana.souza@example.org",),
    ),
    (
        "en",
        '203.0.113.77 - - [12/Mar/2026:10:14:02 +0000] "GET /api/v2/orders HTTP/1.1" 502 1234',
        ("12/Mar/2026:10:14:02 +0000", "502"),
        ("203.0.113.77",),
    ),
    (
        "en",
        "2026-03-12 10:14:02.223 ERROR [thread-17] com.acme.billing.InvoiceService - charge failed for "
        "email=oliver.whitaker@example.com",
        ("2026-03-12 10:14:02.223", "com.acme.billing.InvoiceService"),
        ("oliver.whitaker@example.com",),
    ),
    (
        "en",
        "Will roaming work near the Colosseum and the Taj Mahal? My number is +44 7700 900123.",
        ("Colosseum", "Taj Mahal"),
        ("+44 7700 900123",),
    ),
    (
        "en",
        "I ordered from Deliveroo and the app crashed; the courier Harry Pemberton never came.",
        ("Deliveroo",),
        ("Harry Pemberton",),
    ),
    (
        "en",
        "The API returns 502 Bad Gateway when I upload files. I live at 14 Harbour Row, Leeds.",
        ("502 Bad Gateway",),
        ("14 Harbour Row",),
    ),
    (
        "es",
        "Me sale el código de error 0xc000007b al abrir el juego. Mi DNI es 12345678Z.",
        ("0xc000007b",),
        ("12345678Z",),
    ),
    (
        "es",
        "El router no abre el puerto 8080 desde la versión 3.14.2; llamadme al 612 345 678.",
        ("8080", "3.14.2"),
        ("612 345 678",),
    ),
    (
        "pt",
        "Depois da atualização 17.4.1 do iOS o WhatsApp fecha sozinho. O meu NIF é 245987163.",
        ("17.4.1", "WhatsApp"),
        ("245987163",),
    ),
    (
        "it",
        "Il modem dà errore 651 e il Fastweb non risponde. Sono Marco Ferrante, cell. 347 218 5590.",
        ("651",),
        ("Marco Ferrante", "347 218 5590"),
    ),
    (
        "fr",
        "Erreur 0x800f081f pendant la mise à jour KB5034441. Je suis Camille Lefebvre.",
        ("0x800f081f", "KB5034441"),
        ("Camille Lefebvre",),
    ),
    (
        "de",
        "Die FRITZ!Box 7590 AX meldet Fehler 43 seit Firmware 7.57. Meine IBAN: DE89 3704 0044 0532 0130 00",
        ("43", "7.57"),
        ("DE89 3704 0044 0532 0130 00",),
    ),
    (
        "en",
        "at com.acme.payments.StripeGateway.charge(StripeGateway.java:142) - caused by NullPointerException",
        ("com.acme.payments.StripeGateway.charge", "NullPointerException"),
        (),
    ),
    (
        "en",
        "curl -X POST https://api.stripe.com/v1/charges -H 'Content-Type: application/json'",
        ("curl", "https://api.stripe.com/v1/charges"),
        (),
    ),
    (
        "en",
        "System.Net.Http.HttpRequestException: Connection refused\n   at Contoso.Billing.InvoiceService.GetLatest("
        "Int32 customerId, CancellationToken cancellationToken) in D:\\build\\src\\InvoiceService.cs:line 88\n"
        "Reported by Oliver Whitaker, oliver.whitaker@example.com",
        ("System.Net.Http.HttpRequestException", "Contoso.Billing.InvoiceService.GetLatest", "CancellationToken"),
        ("Oliver Whitaker", "oliver.whitaker@example.com"),
    ),
    (
        "en",
        "Dec 04 22:17:03 web-01 systemd[1]: nginx.service: Main process exited, code=exited, status=1/FAILURE\n"
        "Dec 04 22:17:05 web-01 kernel: [183442.118273] Out of memory: Killed process 4471 (java) total-vm:8123456kB\n"
        "My phone is 0612 345 678.",
        ("nginx.service", "status=1/FAILURE", "183442.118273", "total-vm:8123456kB"),
        ("0612 345 678",),
    ),
    (
        "en",
        "2m  Warning  BackOff  pod/checkout-7d9f8b6c5-x2x9z  Back-off restarting failed container\n"
        "Ping me at ana.souza@example.org",
        ("pod/checkout-7d9f8b6c5-x2x9z",),
        ("ana.souza@example.org",),
    ),
    (
        "pt",
        "[10:33] Cliente: A app mostra o erro CE-108255-1 na versão 24.5.0.100 (2405001). O meu NIF é 245987163.",
        ("10:33", "CE-108255-1", "24.5.0.100", "2405001"),
        ("245987163",),
    ),
    (
        "it",
        "Il server ascolta sulla porta 25565 ma da fuori no; psql -p 5433 funziona. Sono Marco Ferrante.",
        ("25565", "5433"),
        ("Marco Ferrante",),
    ),
    (
        "de",
        "Die App zeigt Fehlercode 9001-W3 auf Softwareversion 8642373124. Meine Telefonnummer: 0171 2345678",
        ("9001-W3", "8642373124"),
        ("0171 2345678",),
    ),
    (
        "fr",
        "Le routeur est en firmware 7.1.0.3 ; mon adresse IP publique est 203.0.113.77.",
        ("7.1.0.3",),
        ("203.0.113.77",),
    ),
    ("en", "Booking.com charged me twice, card 4111 1111 1111 1111.", ("Booking.com",), ("4111 1111 1111 1111",)),
    # a listed brand that reads like a name is kept alone; the same word as a person's name after a
    # cue, or next to a surname, stays masked
    ("fr", "Bonjour, j'ai un problème avec Avis depuis la mise à jour.\nCordialement,\nAvis", ("Avis",), ()),
    ("en", "Avis keeps charging me twice. My colleague Avis Hunter saw it too.", ("Avis",), ("Avis Hunter",)),
    # an unlisted brand and its model after a device word; an order number stays masked
    ("it", "La mia lavatrice Brenta WM-812 perde acqua, ordine ORD-55321.", ("Brenta WM-812",), ("ORD-55321",)),
    # a grouped error code after a word of failing; an asset tag stays masked
    ("en", "The add-in crashes with AUTH-TKN-004 on asset tag LT-PUN-04471.", ("AUTH-TKN-004",), ("LT-PUN-04471",)),
    # a transcript's speaker line is no name; the name after its key is
    ("en", "Agent: Please try code 7E-21 reset\nName: Rosa Blanco", ("7E-21",), ("Rosa Blanco",)),
    # a short code after a word of failing; an order's stays masked
    ("en", "Checkout fails with PAY-0417. The payment failed for order ORD-1234.", ("PAY-0417",), ("ORD-1234",)),
    # the key a Python exception quotes; a user's name as the key stays masked
    (
        "en",
        "  File \"/srv/app/cfg.py\", line 9, in load\nKeyError: 'tls.min_version'\n"
        "  File \"/srv/app/users.py\", line 4, in lookup\nKeyError: 'ana_lopez'",
        ("tls.min_version",),
        ("ana_lopez",),
    ),
    # a version under a configuration key; a date of birth under its key stays masked
    ("en", "schema_version = 23.7.40\nbirth_date = 23.7.1980", ("23.7.40",), ("23.7.1980",)),
    (
        "en",
        "Dec 04 10:12:38 web01 NetworkManager[812]: <warn>  [1701684758.1234] dhcp4: timed out. Call 0612 345 678",
        ("1701684758.1234",),
        ("0612 345 678",),
    ),
    (
        "en",
        "The health check on http://10.20.0.15:8081/healthz fails, my email is ana.souza@example.org",
        ("8081",),
        ("10.20.0.15", "healthz", "ana.souza@example.org"),
    ),
    (
        "en",
        'kubelet[912]: E1201 10:22:14.123456 912 pod_workers.go:1298] "Error syncing pod"'
        ' pod="shop/api-7d9f8c6b5-x2kqz"\nlogin failed user=romanr',
        ("E1201 10:22:14.123456", "api-7d9f8c6b5-x2kqz"),
        ("romanr",),
    ),
    (
        "pt",
        "A verificação de identidade falha com o meu documento 977.808.871-38: PAY-0417.",
        ("PAY-0417",),
        ("977.808.871-38",),
    ),
    (
        "en",
        "Customer: sure, my router shows error 651 since the 4.2.19 update. My name is Ana Souza.",
        ("651", "4.2.19"),
        ("Ana Souza",),
    ),
    ("en", "User: the app says 502 Bad Gateway.\nMy user name is romanr", ("502 Bad Gateway",), ("romanr",)),
    ("es", "Desde la 1.12.24 la app no abre. Me llamo Ana Ruiz.", ("1.12.24",), ("Ana Ruiz",)),
    (
        "en",
        "Dec 04 10:12:35 web01 systemd[1]: postgresql@15-main.service: Main process exited. Mail ana.souza@example.org",
        ("postgresql@15-main.service",),
        ("ana.souza@example.org",),
    ),
    ("en", "In appsettings.json I set the proxy. My login is romanr", ("appsettings.json",), ("romanr",)),
    ("en", "The Netgear Nighthawk R7000 drops the 5 GHz band. I am Ana Souza.", ("Netgear", "R7000"), ("Ana Souza",)),
    ("en", "ldaps://dc01.corp.example:636 certificate error. IBAN ES91 2100 0418 4502 0005 1332", ("dc01", "636"), ()),
    (
        "en",
        "Caused by: java.net.SocketTimeoutException: AADSTS50076\n"
        "2024-04-21T10:19:23.077Z ERROR [worker-2] Login failed for user: romanr77",
        ("AADSTS50076",),
        ("romanr77",),
    ),
    (
        "en",
        "2024-04-21T10:19:23.077Z WARN [worker-2] c.f.OrderSaga - Falling back to api.paypal.com due to WIFI-E17\n"
        "2024-04-21T10:19:24.102Z ERROR [worker-2] c.f.Refunds - Refund failed for account 3230245",
        ("WIFI-E17",),
        ("3230245",),
    ),
    (
        "de",
        "Meine öffentliche IP ist 211.22.139.31 und jede POP3-Verbindung von dort wird abgelehnt.",
        ("POP3-Verbindung",),
        ("211.22.139.31",),
    ),
    (
        "it",
        "Ciao, da stamattina non funziona sul mio ZXHN H298A. Il proprietario precedente era Marco Rossi.",
        ("ZXHN H298A",),
        ("Marco Rossi",),
    ),
    (
        "en",
        "Something broke between iFood and our integration. The HomeBox 6641 still shows Ana Souza's account.",
        ("iFood", "HomeBox 6641"),
        ("Ana Souza",),
    ),
    # a code an app shows is no error code by its shape (two adversarial reviews found ids, plates and member numbers
    # shown the same way); a record's word before a code makes it no model either
    (
        "pt",
        "No app do Banco Inter apareceu PIX-4031 e o crachá mostra EMP-4521.",
        (),
        ("EMP-4521",),
    ),
    (
        "de",
        "Die App zeigt meine Kundennummer KDN-44812 an, dann erscheint EPA-AUTH-0113.",
        (),
        ("KDN-44812",),
    ),
    # an event's date and type number in the event viewer; a birth date has no clock
    (
        "de",
        "Datum:         11.04.2024 08:03:17\nEreignis-ID:   4625\nGeburtsdatum: 14.03.84",
        ("11.04.2024 08:03:17", "4625"),
        ("14.03.84",),
    ),
    ("en", "Log Name: Application\nDate: 12/03/1985 10:14:22\nUser: maria.lopez", (), ("12/03/1985 10:14:22",)),
    (
        "en",
        "gunicorn: Can't connect to ('0.0.0.0', 8000); the client at 88.27.145.63 retried",
        ("0.0.0.0", "8000"),
        ("88.27.145.63",),
    ),
    # the adversarial review's twins of shown codes: a possessive, a record's word before or after the code, a year
    # of birth in it
    (
        "en",
        "The screen shows JGA-4412 (that's my employee ID), the parking app shows my plate IKP-1234 and the kiosk "
        "shows ZUBIRI-1985 as user. The app shows KLM-4412. That's my badge number.",
        (),
        ("JGA-4412", "IKP-1234", "ZUBIRI-1985", "KLM-4412"),
    ),
    (
        "fr",
        "L'app affiche mon matricule DUPO-33127.",
        (),
        ("DUPO-33127",),
    ),
    # a warranty's holder, an event date in a form, a birth date's abbreviation, a constant that opens with USER_
    (
        "es",
        "Garantía: María José García 3 años. Fecha: 12/03/85 10:14:22 (mi fecha de nacimiento). NASC 12.03.85. "
        "USER_JGARCIA_0x12 blocked.",
        (),
        ("María José García", "12/03/85 10:14:22", "12.03.85", "USER_JGARCIA_0x12"),
    ),
    # a clock near an error code is no log's stamp: a time tied to a person is written the same way
    (
        "es",
        "En el registro del router aparece PPP_AUTH_FAIL. Mi cita es a las 10:30, el portal da ERR-4012.",
        ("PPP_AUTH_FAIL",),
        ("10:30",),
    ),
    (
        "en",
        "Il ClusterRoleBinding deployer-binding esiste; ho riavviato php8.2-fpm.\n"
        "2024-03-10 19:02:44.517 ERROR (MainThread) [homeassistant.components.hue] failed for Marco Rossi",
        ("deployer-binding", "php8.2-fpm", "homeassistant.components.hue"),
        ("Marco Rossi",),
    ),
    (
        "en",
        "Since HyperOS 1.0.6.0 the login fails: userId=null, ipAddress='192.168.4.21', attempt 3",
        ("HyperOS", "1.0.6.0"),
        ("192.168.4.21",),
    ),
    (
        "en",
        "name: j-garcia\ncustomer Ana_Lopez cannot log in\nTelefone: (11) 98765-4321 (ramal 2231)",
        (),
        ("j-garcia", "Ana_Lopez", "98765-4321 (ramal 2231)"),
    ),
    (
        "en",
        "I bought the CareShield 2-Year protection plan.\nAbonnement: Hans Müller",
        ("CareShield 2-Year",),
        ("Hans Müller",),
    ),
    (
        "en",
        "metadata:\n  name: catalogo-api\n  namespace: loja\nowner:\n  name: ana_lopez",
        ("catalogo-api",),
        ("ana_lopez",),
    ),
    (
        "de",
        "Handy: 0176 2281 4937 (Google Pixel 7a, Android 14)",
        ("Pixel 7a",),
        ("0176 2281 4937",),
    ),
    (
        "en",
        "Phone is a Samsung Galaxy S23 (SM-S911B), call me on 0612 345 678.",
        ("Samsung Galaxy S23",),
        ("0612 345 678",),
    ),
    (
        "it",
        "Con SteamOS 3.5.17 non si aggiorna. Hermann 12.03.85 geboren.",
        ("SteamOS", "3.5.17"),
        ("12.03.85",),
    ),
    (
        "pt",
        "SQLSTATE[23000]: Integrity constraint violation: 1062 Duplicate entry 'ines.carvalho@netcabo.pt'",
        ("1062",),
        ("ines.carvalho@netcabo.pt",),
    ),
    (
        "fr",
        "2024-03-27 02:14:09.331 CET [418822] ERROR:  deadlock detected pour le client 4412 8871 9020 1134",
        ("418822",),
        ("4412 8871 9020 1134",),
    ),
    (
        "de",
        "2024-03-22 11:08:41,907 ERROR [Consumer clientId=lager-sync-1, groupId=lager-sync] Offset commit failed on "
        "partition lagerbestand-3 at offset 1882731. Kunde: user=kwojcik88 kundennummer=4471223",
        ("lager-sync-1", "lager-sync", "lagerbestand-3", "1882731", "Offset commit failed"),
        ("kwojcik88", "4471223"),
    ),
    (
        "it",
        'il modulo risponde SEPA-ERR-004 "mandato non valido". La mia targa è AB-123-CD, tessera TS-0042-7731.',
        ("SEPA-ERR-004",),
        ("AB-123-CD",),
    ),
    (
        "en",
        "Status: 404\nErrorCode: BlobNotFound\nLogin fails for user EMILIA_1990 since Monday.",
        ("BlobNotFound",),
        ("EMILIA_1990",),
    ),
    (
        "fr",
        "Le SQLSTATE remonté côté Java est 40P01. Mon numéro client est 40P0178.",
        ("40P01",),
        ("40P0178",),
    ),
    (
        "it",
        "il firmware 010.003.005 non si aggiorna e il mio numero è 347 123 4567",
        ("010.003.005",),
        ("347 123 4567",),
    ),
    (
        "de",
        "Im Ereignisprotokoll steht:\n\n14.03.24 02:17:45 PPPoE-Fehler: Zeitüberschreitung.\n"
        "14.03.24 02:19:02 DSL antwortet nicht.\n\nGeboren: 14.03.84 02:17:45 in Köln",
        ("14.03.24 02:17:45", "14.03.24 02:19:02"),
        ("14.03.84 02:17:45",),
    ),
    ("fr", "Name: jean-pierre\nVille: Barcelone", (), ("jean-pierre", "Barcelone")),
    ("en", "GET http://auth-svc:8080/users/jsmith failed; my laptop maria-laptop.local too", (), ("jsmith", "maria")),
    (
        "es",
        'upstream: "http://cart-svc:8081/api/carrello", host: "shop"\nGET http://crm-api:8080/api/clientes/48291573K',
        ("cart-svc", "crm-api"),
        ("48291573K",),
    ),
    (
        "es",
        "ERROR [Producer clientId=producer-1, transactionalId=cliente-12345678Z] failed\nKennwort: hund)2020",
        ("producer-1",),
        ("12345678Z", "hund)2020"),
    ),
    # a unit before a colon is no title; a host name in small letters is no firm; a pack article is no name after a
    # greeting; a flat, a floor and door, a blood group go
    (
        "en",
        "curl: (7) Failed to connect to 10.0.0.12 port 5432 after 2001 ms: Connection refused. Ask Ms Whitfield.",
        ("Connection refused", "5432"),
        ("Whitfield",),
    ),
    (
        "pt",
        "A base de dados PostgreSQL 15.4 está no servidor db-prod-02; o DBA é o Rui Pires, telemóvel 912 345 678.",
        ("db-prod-02", "15.4"),
        ("Rui Pires", "912 345 678"),
    ),
    (
        "it",
        "Buongiorno, nello stack trace vedo una NullPointerException. Il collega Nello Ferri ha lo stesso errore.",
        ("nello stack trace", "NullPointerException"),
        ("Nello Ferri",),
    ),
    (
        "ca",
        "Senyors, el veí del 2n 1a fa soroll cada nit; el router HG8245Q2 dona l'error 0x80070005.",
        ("HG8245Q2", "0x80070005"),
        ("2n 1a",),
    ),
    (
        "pl",
        "Proszę nie wydawać kluczy do lokalu 14. Router Huawei B535-232 pokazuje błąd 651, w lokalu 3 osoby pracują.",
        ("B535-232", "651", "3 osoby"),
        ("lokalu 14",),
    ),
    ("tr", "Merhaba, kan grubu A Rh+ ve modem HG8245X6 PPPoE hata 691 veriyor.", ("HG8245X6", "691"), ("A Rh+",)),
    (
        "en",
        "The leaflet says type O is the universal donor; my blood type is O+.",
        ("type O is the universal",),
        ("O+",),
    ),
    # a member path of code is no state; a browser's product tokens are no password or contract; a range of years or
    # of decimals is no phone or id
    (
        "en",
        "db.Entry(x).State = System.Data.Entity.EntityState.Deleted;\nShipping state: California",
        ("System.Data.Entity.EntityState.Deleted",),
        ("California",),
    ),
    (
        "en",
        "User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:109.0) Gecko/20100101 Firefox/117.0\nUser: jsmith82",
        ("Mozilla/5.0", "Gecko/20100101", "109.0"),
        ("jsmith82",),
    ),
    (
        "en",
        "HR = 3.948, 95% CI: 1.090-3.768, P = 0.036; revenue growth (2023-2032): 22%. Call me on 0612 345 678.",
        ("1.090-3.768", "2023-2032"),
        ("0612 345 678",),
    ),
    # a code before the word for an error, small words read as a name by the English model, a greeting alone, a
    # quantity read as a house, a version read as an account, an acronym, a question's first word in Spanish
    (
        "de",
        'Guten Tag, der Drucker meldet "49.4C02 Fehler", angeschlossen an Port 14. Mein Name ist Jonas Weber.',
        ("Guten Tag", "49.4C02", "angeschlossen an"),
        ("Jonas Weber",),
    ),
    (
        "en",
        "The Nighthawk RAX50 keeps dropping 5 GHz and Zoom 5.17.5 (build 29101) crashes. Call me on 0612 345 678.",
        ("5 GHz", "5.17.5"),
        ("0612 345 678",),
    ),
    (
        "es",
        "El TPV Verifone V240m muestra Error 99. ¿Qué hago? Soy Ana Ruiz Prieto.",
        ("TPV", "Qué"),
        ("Ana Ruiz Prieto",),
    ),
    # a part number in brackets is no UK postcode, a router's model no Dutch one (outside Dutch text), a product's
    # code after its word no phone, a code after a brand and its series no id card
    (
        "es",
        "Mi iPhone 15 Pro Max (MU793QL/A) da error 4013. Mi piso: 4 Compton Road, Leeds LS9 7BJ.",
        ("MU793QL/A", "4013"),
        ("LS9 7BJ",),
    ),
    (
        "en",
        "The router 7590 AX on FRITZ!OS 7.57 drops DSL. Ship the new one to Keizersgracht 12, 1015 CS Amsterdam.",
        ("7590 AX", "7.57"),
        ("1015 CS",),
    ),
    (
        "de",
        "Fehler F.28 an der Therme, Artikelnummer 4006381333931. Rückruf bitte unter 0171 2345678.",
        ("4006381333931",),
        ("0171 2345678",),
    ),
    # a car's plate after its make and model, in brackets or not, stays masked
    (
        "fr",
        "La Peugeot 208 Allure (AB-123-CD) est garée devant chez moi depuis lundi.",
        ("Peugeot 208",),
        ("AB-123-CD",),
    ),
    (
        "it",
        "La mia Fiat Panda AB123CD è stata rimossa dal parcheggio.",
        (),
        ("AB123CD",),
    ),
    # a name glued to a listed brand by "!" is part of it; a greeting typed without its space is still a name
    (
        "de",
        "Danke Stefan!Bitte rufen Sie mich wegen der FRITZ!Box 7590 zurück.",
        ("FRITZ!Box",),
        ("Stefan",),
    ),
    (
        "es",
        "La lavadora Bosch Serie 6 WAU28T40ES muestra el error E18. Mi DNI es 12345678Z.",
        ("WAU28T40ES", "E18"),
        ("12345678Z",),
    ),
    # a shop named by what was bought there or by its help desk; a person sold it, or signs
    (
        "en",
        "I ordered from Hiscox last week and Zooplus support never replied. I bought the old one from Tim Baker.",
        ("Hiscox", "Zooplus"),
        ("Tim Baker",),
    ),
    (
        "es",
        "Mi pedido en Shein no ha llegado y el soporte de Shein no contesta. Un saludo, Lucía Ferrer",
        ("Shein",),
        ("Lucía Ferrer",),
    ),
    # a public resolver is nobody's address; the customer's own is
    (
        "it",
        "Il ping verso 8.8.8.8 va a 250 ms, il mio IP pubblico è 81.44.12.201.",
        ("8.8.8.8",),
        ("81.44.12.201",),
    ),
    # a sentence opening with a function word that is a name somewhere; a name glued to a brand by "!"; technical
    # acronyms; a brand's word in small letters with a capital inside
    (
        "pt",
        "Tenho a versão 17.5.1 (21F90) do iOS e a app não abre. Obrigado, João Silva",
        ("Tenho", "17.5.1"),
        ("João Silva",),
    ),
    (
        "en",
        "The FRITZ!Box 7590 AX drops PPP and the ONT shows LOS since Monday. Regards, Fritz Weber",
        ("The", "PPP", "LOS"),
        ("Fritz Weber",),
    ),
    (
        "it",
        "Errore F28 sulla caldaia Vaillant ecoTEC plus VMW 246/5-5, codice prodotto 0010021975. Sono Marco Bianchi.",
        ("ecoTEC", "F28"),
        ("Marco Bianchi",),
    ),
    # what a device's display shows is its code; a plate or a member's number it shows stays masked
    (
        "en",
        "The display says FX-2231B and nothing else happens when I switch the oven on in the morning. At the "
        "barrier the screen shows AB-123-CD for my car.",
        ("FX-2231B",),
        ("AB-123-CD",),
    ),
    (
        "pt",
        "No visor aparece a mensagem W7-3391A. O meu telemóvel é 912 345 678.",
        ("W7-3391A",),
        ("912 345 678",),
    ),
    (
        "es",
        "En pantalla aparece el aviso K9Z-4410 cada vez que enciendo la lavadora por la mañana. En la app del "
        "gimnasio aparece ABC-123 como mi número de socio.",
        ("K9Z-4410",),
        ("ABC-123",),
    ),
    # a value after its cue and a copula ("è", "es", "é"); a revision's number
    (
        "it",
        "Il codice prodotto è KX-TG6852 e la revisione hardware è 1.4.22. Il mio codice fiscale è RSSMRA85M01H501Q.",
        ("KX-TG6852", "1.4.22"),
        ("RSSMRA85M01H501Q",),
    ),
    (
        "pt",
        "A impressora dá o erro 5B00 e o firmware é 2.60.AK08. O meu NIF é 123456789.",
        ("5B00", "2.60.AK08"),
        ("123456789",),
    ),
    # a brand's product line and series are no person or organisation; a person named like a brand stays one
    (
        "nl",
        "Ik heb een Bosch Indego S+ 500 en de maaier stopt. Groeten, Pieter Kowalczykowski",
        ("Indego",),
        ("Pieter Kowalczykowski",),
    ),
    (
        "pt",
        "A minha máquina Delonghi ECAM 22.110.B mostra o símbolo de descalcificação. Ligue para Ana Sousa.",
        ("ECAM", "22.110.B"),
        ("Ana Sousa",),
    ),
    # an error's code after its word and a copula; a door's code after a bare "code" and its copula
    (
        "en",
        "The error code is 1603 after the installer runs. The gate code is 1934, leave the parcel there.",
        ("1603",),
        ("1934",),
    ),
    (
        "it",
        "Il codice di errore è E-302 sulla caldaia. Per il cancello il codice è 2046.",
        ("E-302",),
        ("2046",),
    ),
    # the English model's place or organisation cut from another language's sentence
    (
        "de",
        "Seit Version 8.4.0.113 stürzt die App ab. Bitte rufen Sie Jürgen Köhler an.",
        ("Seit", "8.4.0.113"),
        ("Jürgen Köhler",),
    ),
    (
        "fr",
        "Le modem affiche le code d'erreur 651 et la version 12.0.4b. Rappelez Claire Dubois.",
        ("Le modem affiche le", "651", "12.0.4b"),
        ("Claire Dubois",),
    ),
    # a brand, its appliance and its model; a customer number after the brand stays masked
    (
        "en",
        "The Bosch dishwasher SMS46KI01E shows E24, the printer says 49.4C02 every morning since the update of "
        "last week. Philips customer number 4B7X2K9.",
        ("Bosch", "SMS46KI01E", "E24", "49.4C02"),
        ("4B7X2K9",),
    ),
    # a token with a service's prefix and a configuration's secret are masked, their keys kept
    (
        "en",
        '{"db.port": 46728, "api_key": "ghp_at5LYX2IeDSaY9eCi5WtVjH1y06QMjG7h1mi", "access_token": '
        '"9f8e7d6c5b4a39281706f5e4d3c2b1a0"}',
        ("46728", "api_key"),
        ("ghp_at5LYX2IeDSaY9eCi5WtVjH1y06QMjG7h1mi", "9f8e7d6c5b4a39281706f5e4d3c2b1a0"),
    ),
    # a brand's own site is kept, a customer's record on it is not
    (
        "es",
        "No puedo entrar en https://www.movistar.es/mi-movistar, ni en https://www.movistar.es/clientes/48291573K.",
        ("https://www.movistar.es/mi-movistar",),
        ("48291573K",),
    ),
    # a greeting's next words in the text's pack are no name; a product's capitals after its brand are none either
    (
        "it",
        "Ciao, ho un problema: il mio Fastweb NeXXt mostra la spia rossa. Ciao Giulia, grazie.",
        ("ho un", "NeXXt"),
        ("Giulia",),
    ),
    # a product the sentence goes on about after a greeting, its two-part version; a storage size is no country
    (
        "en",
        'Hi, Postgres 15.4 says "FATAL: too many clients". Hi, Stripe webhook returns 400. My iPhone has 20 GB free. '
        "Hi Anna, thanks.",
        ("Postgres", "15.4", "Stripe", "GB"),
        ("Anna",),
    ),
    # nginx's error log stamp, a driver's version of three groups; a phone of the same shape after its word
    (
        "en",
        "Logs: 2026/11/30 14:22:01 [error] 1234#1234: connect() failed. The NVIDIA driver 535.129.03 doesn't load. "
        "Call me on 535.129.04.",
        ("2026/11/30 14:22:01", "535.129.03"),
        ("535.129.04",),
    ),
    # a car after a car's word, a plan's name with its number; the owner of the car
    (
        "fr",
        'La voiture Renault Megane E-Tech ne charge plus, le forfait "Free 5G 250Go" non plus. C\'est la voiture de '
        "Renault Pierre.",
        ("Renault Megane E-Tech",),
        ("Renault Pierre",),
    ),
    # the tagger's street ran from the kept car over the plate: the plate a pattern found comes back when it goes
    ("fr", "Ma voiture, une Peugeot 208 immatriculée GH-456-JK, a été volée.", ("Peugeot 208",), ("GH-456-JK",)),
    # a car's model ends before a name or a plate's pieces
    (
        "en",
        "My car Ford Focus John Smith is parked outside. Our car Toyota Yaris WX 12345 is blocked.",
        ("Ford Focus", "Toyota Yaris"),
        ("John Smith", "WX 12345"),
    ),
    # a console's published error shape near a console's word; a member's number of the same shape
    (
        "fr",
        "Bonjour, ma PS5 affiche CE-108255-1 quand je lance un jeu. Mon numéro d'adhérent est NW-98765-4. Appelez "
        "le 06 12 34 56 78.",
        ("CE-108255-1",),
        ("NW-98765-4", "06 12 34 56 78"),
    ),
    (
        "en",
        'Hi, AWS Lambda returns "Task timed out after 3.00 seconds"; our Zebra ZD421 label printer prints blank '
        "labels. Hi Jira Smith, thanks.",
        ("AWS Lambda", "ZD421"),
        ("Smith",),
    ),
    # an appliance's word, its brand and model, a boiler's code; a person after the brand, a number after "error"
    (
        "de",
        "Guten Tag, die Heizung Vaillant ecoTEC plus zeigt F.28 und springt nicht an. Die Waschmaschine AEG Lavamat "
        "meldet Störung F4. Der Monteur Klaus Meyer, Tel. 0171 2345678, kam nicht.",
        ("Vaillant", "F.28", "Waschmaschine", "F4"),
        ("Klaus Meyer", "0171 2345678"),
    ),
    (
        "it",
        "Ciao, la caldaia Ariston Genus One segnala l'errore 501, cosa devo fare? La lavatrice Smeg Smart Pro "
        "mostra il codice E03. La caldera Junkers Pedro la instaló y el error 612 345 678 es mi móvil.",
        ("Ariston Genus One", "Smeg Smart Pro", "E03"),
        ("Pedro", "612 345 678"),
    ),
    (
        "en",
        "Hello, Roborock S8 MaxV Ultra says error 14. Our Salesforce Marketing Cloud export fails with "
        "INVALID_FIELD_FOR_INSERT_UPDATE. The fridge Liebherr Grace Smith sold me is loud.",
        ("Roborock S8", "Salesforce", "INVALID_FIELD_FOR_INSERT_UPDATE"),
        ("Grace Smith",),
    ),
    # a car's fault code after the fault's words; a phone and a name next to it stay masked
    (
        "fr",
        "Ma voiture affiche le code défaut P0420 depuis hier. Rappelez-moi au 06 12 34 56 78, Claire Dubois.",
        ("P0420",),
        ("06 12 34 56 78", "Claire Dubois"),
    ),
    # a log's channel and level, a response time, a syslog line quoted in a sentence; the user's own values next to them
    (
        "en",
        "[2024-10-26 06:12:47] app.INFO: Token refresh failed for ana.souza@example.com (pid=30641)\n"
        "POST /v2/bookings/search 400 rt=0.532 after 30012 ms\n"
        "The router log says: Aug  1 04:36:52 rtr-home dnsmasq[54544]: DHCP lease lost. I live at 12 Harbour Row, "
        "Leeds LS9 7BJ.",
        ("app.INFO", "0.532", "30012 ms", "Aug  1 04:36:52", "rtr-home"),
        ("ana.souza@example.com", "12 Harbour Row", "LS9 7BJ"),
    ),
    (
        "it",
        "Per sicurezza: cliente C-52698139, nato il 05/12/1945. Chiamatemi al 6l2 345 678.",
        ("nato il",),
        ("C-52698139", "05/12/1945", "6l2 345 678"),
    ),
    # a greeting's particle is a word of its own; a long code after a greeted brand may be a card's
    (
        "en",
        'Hey, Starlink dish shows "Obstructed" since firmware 2024.05.0. Hello, Carrefour CF4K77Q1 is my card. Hey, '
        "Maria de la Cruz here.",
        ("Starlink dish", "2024.05.0"),
        ("CF4K77Q1", "Maria de la Cruz"),
    ),
    (
        "es",
        "Hola, estoy en la Alhambra y el móvil OPPO Reno10 5G no conecta. Mi vecino Torre de Madrid llamó desde el "
        "612 345 678.",
        ("OPPO Reno10 5G", "Alhambra"),
        ("Madrid", "612 345 678"),
    ),
    # a chat transcript: the agent's name after a time and before a role in brackets (a Polish month's name too),
    # the vendor its greeting names, the firmware and the code; the customer's own name
    (
        "en",
        "09:14 Marta (support): Hi! Thanks for contacting Vodafone. Which model do you have?\n"
        "09:15 Customer: a Deco X55, error 4012. I'm Gavin Pratt.\n09:16 Marta (support): Thanks, please reset it.",
        ("09:14", "Vodafone", "Deco X55", "4012"),
        ("Marta", "Gavin Pratt"),
    ),
    (
        "de",
        "Kundenservice (Jonas): Hallo, wie kann ich helfen?\nKunde: Meine FRITZ!Box 6660 Cable meldet Fehler 512.\n"
        "Kundenservice (Jonas): Welche Firmware ist installiert?\nKunde: 7.57, und ich heiße Sabine Krüger.",
        ("FRITZ!Box 6660", "512", "7.57"),
        ("Jonas", "Sabine Krüger"),
    ),
    # a redis log's stamp and message; a compound's head in a Kubernetes event; an appliance's model of a Polish
    # plate's letters and digits
    (
        "en",
        "1:M 04 Mar 2024 10:22:17.334 # Server initialized\n"
        "2m   Warning   BackOff   pod/api-1   Back-off restarting failed container\nCall Ana Souza on 0612 345 678.",
        ("04 Mar 2024 10:22:17.334", "Back-off"),
        ("Ana Souza", "0612 345 678"),
    ),
    # a limit's name in a program's message, a button's label, a version with its month-first date's shape; the
    # person named Max or Mark
    (
        "en",
        'ERROR Max retries exceeded with url: /v1/charges. The button "Mark as read" hangs on Zoom 5.17.11. '
        "Max Dunford and Mark Evans reported it.",
        ("Max retries", "Mark as read", "5.17.11"),
        ("Max Dunford", "Mark Evans"),
    ),
    (
        "pt",
        "Comprei uma Bosch Serie 4 WAN28281GB e faz barulho. Liguem-me para o 912 345 678.",
        ("Bosch Serie 4 WAN28281GB",),
        ("912 345 678",),
    ),
]


def _kept(text: str, value: str, ents: list[Entity]) -> bool:
    s = text.index(value)
    return not any(e.start < s + len(value) and s < e.end for e in ents)


def _masked(text: str, value: str, ents: list[Entity]) -> bool:
    s = text.index(value)
    return all(not text[i].isalnum() or any(e.start <= i < e.end for e in ents) for i in range(s, s + len(value)))


@pytest.mark.parametrize(("lang", "text", "keep", "mask"), TABLE, ids=[f"{r[0]}-{i}" for i, r in enumerate(TABLE)])
def test_detector_keeps_the_technical_string_and_masks_its_personal_twin(
    detector: HybridDetector, lang: str, text: str, keep: tuple[str, ...], mask: tuple[str, ...]
) -> None:
    ents = detector.detect(text)
    assert [v for v in keep if not _kept(text, v, ents)] == [], [(e.text, e.label.value) for e in ents]
    assert [v for v in mask if not _masked(text, v, ents)] == [], [(e.text, e.label.value) for e in ents]


def test_a_domain_catalogue_keeps_its_products_plans_hosts_and_codes_not_an_unknown_employer() -> None:
    from configs.settings import load_settings

    settings = load_settings().detector.model_copy(update={"domain_lexicon": "telecom_support"})
    det = HybridDetector(settings)
    text = (
        "My HomeBox 6641 on the Roaming World Pass shows TLC-4402; status.example-telco.net/outages says nothing. "
        "I work for Brightwater Logistics Ltd in Leeds, see https://my.example-telco.net/account?email=ana@x.org"
    )
    ents = det.detect(text)
    for value in ("HomeBox 6641", "Roaming World Pass", "TLC-4402", "status.example-telco.net/outages"):
        assert _kept(text, value, ents), (value, [(e.text, e.label.value) for e in ents])
    assert _masked(text, "Brightwater Logistics", ents)  # an unknown company on the customer's line
    assert _masked(text, "ana@x.org", ents)  # a personal path on a kept host stays masked


def test_a_listed_brand_kept_alone_stays_a_person_after_a_sign_off(detector: HybridDetector) -> None:
    """``technical.named_brand`` overrules only guesses: the sign-off's name of the same word stays masked."""
    text = "Bonjour, j'ai un problème avec Avis depuis la mise à jour.\nCordialement,\nAvis"
    ents = detector.detect(text)
    last = text.rindex("Avis")
    assert _kept(text, "Avis", ents)
    assert any(e.start <= last and last + 4 <= e.end and e.label == Label.PERSON for e in ents), [
        (e.text, e.label.value) for e in ents
    ]
