r"""Seeded synthetic support tickets with gold keep/mask spans: the utility benchmark's corpus.

What
----
Each ticket is an ordinary support request to a telecom/ISP, a SaaS product, an e-commerce shop, a
router or phone vendor, a banking app, a delivery app or a travel company, written in EN, ES, PT, IT,
FR or DE.  It is composed of an opening, one to three pasted blocks (log lines, Java / Python / .NET
stack traces, YAML / INI / JSON / .env / TOML / XML config, curl commands, HTTP access-log lines,
order confirmations, error dialogs, installer logs, device and bank details, booking details), each
introduced by a sentence, and a closing.  About half the tickets also carry personal data: a name
introduced and reused alone in the sign-off, personal sentences and personal fields in the blocks.

Every value the generator inserts is recorded as a span with its gold action:

* ``keep`` (``kind`` in :data:`KEEP_KINDS`): technical or public values a PII detector must leave
  alone for the ticket to stay useful: error codes, HTTP statuses, versions, ports, log timestamps,
  process/thread ids, file paths, public hosts and URLs, code symbols, product models, plans,
  brands (including brands that read like names: Alexa, Wendy's, Ruth's Chris, Sky, Vodafone),
  famous landmarks and protocols;
* ``mask`` (``label``, a :class:`signatures.entities.Label` value in :data:`MASK_LABELS`): invented
  personal values, many shaped like a technical twin next to them (a phone number near an HRESULT,
  a PIN near a port, ``user=`` / ``email=`` / ``account=`` inside a log line, an order number next to
  a build number, an IMEI next to a firmware version, form-like address blocks, lower-case full
  names, ``C:\Users\<name>\...`` paths).

Text outside spans carries no gold decision: prose, punctuation, field labels, log levels, line
numbers, OS names before their versions, URL paths in access logs, private LAN addresses (10.x),
process and node names, environment-variable placeholders (``${SMTP_PASSWORD}``), US state codes.

Span conventions
----------------
* ``error_code``: the code only (``error 1603`` -> ``1603``, ``SQLSTATE 23505`` -> ``23505``).
* ``http_status``: number and reason phrase when the phrase is written (``502 Bad Gateway``), the
  number alone otherwise (access logs, ``HTTP/2 502``, JSON ``"status": 502``).
* ``version``: the version only (``iOS 17.4.1`` -> ``17.4.1``); firmware strings and kernel releases
  whole (``V1.0.9.88_1.2.3``, ``6.5.0-21-generic``).
* ``port``: the number (``port 8443``, ``:5432`` -> ``5432``); inside a public URL the port is part
  of the ``public_url`` span.
* ``process_id``: the id (``pid=4312`` -> ``4312``, ``[thread-17]`` -> ``thread-17``, ``tid 0x1a2c``
  -> ``0x1a2c``).
* ``log_timestamp``: the whole timestamp as the log writes it.
* ``file_path``: paths without user names; in ``C:\Users\jdoe\AppData\...`` or ``/home/jdoe/...``
  the user name is a ``USERNAME`` mask span and the part after its separator a ``file_path`` span.
* ``code_symbol``: a class, method, exception, systemd unit or config key as one span (in a Java
  frame ``com.x.Y.z``, not the ``(Y.java:142)`` location).
* ``public_url``: a public service's host name or URL, or a public container image reference.
* ``STREET_ADDRESS``: street and number only; ``POSTCODE`` and ``CITY`` are their own spans; a US
  state abbreviation is left unannotated.

Why the splits are disjoint
---------------------------
The benchmark measures how much a detector over-masks (and under-masks) text it was not tuned on.
Train, dev and heldout share neither wording nor technical vocabulary: every pool below (natural
language per language, block layouts, log formats and messages, field labels, brands, product
models, SKUs, plans, landmarks, protocols, error codes, OS names, hosts, URL paths, file paths, Java
packages / classes / methods / exceptions, Python modules and exceptions, config keys, identifier
shapes) is cut into three disjoint slices by one fixed rule, :func:`_part`: element ``i`` belongs to
``SPLITS[i % 3]``.  Heldout alone has further block shapes (:data:`HELDOUT_ONLY_BLOCKS`: .NET
traces, journald, Kubernetes events, chat transcripts), so rules tuned on train/dev cannot have
memorised its shapes.  Personal values come from ``faker`` seeded with a split-dependent offset
(:data:`FAKER_SEED_OFFSET`) and from identifier shapes that are themselves split-disjoint.
:func:`template_phrases` and :func:`vocabulary` expose each split's slices to the tests.

The generator is independent of the detector it measures: nothing here reads its rules, lexicons or
training generators.

CLI
---
::

    python -m eval.utility_tickets --split {train,dev,heldout} --n N --seed S --out PATH \
        [--langs en es pt it fr de]

writes JSONL atomically (temporary file + rename), one ticket per line::

    {"id": "ut-heldout-13-0001", "language": "en", "split": "heldout", "text": "...",
     "spans": [{"start": s, "end": e, "text": "...", "action": "keep", "kind": "error_code"},
               {"start": s, "end": e, "text": "...", "action": "mask", "label": "PHONE"}]}

``text[start:end] == span["text"]``; spans are sorted and never overlap.  Ticket ``i`` depends only
on ``(split, seed, i, langs)``, so a larger ``--n`` extends a smaller run.  :func:`generate` returns
the same dicts for tests and benchmarks.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import tempfile
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from faker import Faker

from signatures.entities import Label

T = TypeVar("T")

SPLITS = ("train", "dev", "heldout")
LANGS = ("en", "es", "pt", "it", "fr", "de")
#: faker locales per ticket language (one is drawn per ticket)
LOCALES = {
    "en": ("en_US", "en_GB"),
    "es": ("es_ES",),
    "pt": ("pt_PT", "pt_BR"),
    "it": ("it_IT",),
    "fr": ("fr_FR",),
    "de": ("de_DE",),
}
#: added to the faker seed so that the splits draw different personal values
FAKER_SEED_OFFSET = {"train": 0, "dev": 7_000_000_000, "heldout": 14_000_000_000}
SECTORS = ("telecom", "saas", "ecommerce", "devices", "banking", "delivery", "travel")

KEEP_KINDS = (
    "error_code", "http_status", "version", "port", "log_timestamp", "process_id", "file_path",
    "public_url", "code_symbol", "product_model", "plan", "brand", "landmark", "protocol",
)  # fmt: skip
MASK_LABELS = (
    Label.PERSON, Label.USERNAME, Label.EMAIL, Label.PHONE, Label.NATIONAL_ID, Label.IBAN,
    Label.CREDIT_CARD, Label.IP_ADDRESS, Label.PASSWORD, Label.STREET_ADDRESS, Label.POSTCODE,
    Label.CITY, Label.DATE_OF_BIRTH, Label.ACCOUNT_NUMBER, Label.CUSTOMER_ID, Label.TICKET_NUMBER,
    Label.DEVICE_ID,
)  # fmt: skip


def _part(pool: Sequence[T], split: str) -> tuple[T, ...]:
    """The split's slice of a pool: element ``i`` belongs to ``SPLITS[i % 3]`` (the one partition rule)."""
    return tuple(pool[SPLITS.index(split) :: 3])


# --------------------------------------------------------------------------------------------------
# Technical and public vocabulary (keep spans).  Every pool is partitioned by _part: i % 3 -> split.
# --------------------------------------------------------------------------------------------------

BRANDS: dict[str, tuple[str, ...]] = {
    "telecom": (
        "Vodafone", "Movistar", "Sky", "MEO", "Orange", "TIM", "Telekom", "Digi", "NOS", "Free", "Fastweb",
        "O2", "Virgin Media", "Jazztel", "Vivo", "Bouygues Telecom", "WindTre", "1&1", "BT", "Yoigo", "Claro",
        "SFR", "Iliad", "Congstar",
    ),
    "saas": (
        "Slack", "Notion", "Jira", "Zendesk", "Salesforce", "HubSpot", "Dropbox", "Trello", "Asana", "Confluence",
        "GitLab", "Figma", "Zoom", "Miro", "Airtable", "Mailchimp", "Shopify", "Monday.com", "Intercom",
        "Freshdesk", "Calendly", "Typeform", "Pipedrive", "Basecamp",
    ),
    "ecommerce": (
        "Amazon", "Zalando", "Marks & Spencer", "eBay", "Etsy", "El Corte Inglés", "Otto", "Fnac", "Worten",
        "MediaMarkt", "Cdiscount", "Tommy Hilfiger", "AliExpress", "Darty", "Sainsbury's", "Unieuro", "Conrad",
        "Ralph Lauren", "Boulanger", "Lidl", "Hugo Boss", "Kiabi", "Douglas", "John Lewis",
    ),
    "devices": (
        "Netgear", "TP-Link", "Alexa", "AVM", "Linksys", "ASUS", "Siri", "Huawei", "ZTE", "Xiaomi", "Samsung",
        "Cortana", "Apple", "Google", "OnePlus", "Motorola", "Nokia", "Sagemcom", "Ubiquiti", "MikroTik", "Sonos",
        "Philips Hue", "Garmin", "Fitbit",
    ),
    "banking": (
        "Revolut", "N26", "Monzo", "ING", "BBVA", "Santander", "CaixaBank", "Millennium bcp", "Intesa Sanpaolo",
        "UniCredit", "BNP Paribas", "Crédit Agricole", "Deutsche Bank", "Commerzbank", "Sparkasse", "Wise", "bunq",
        "Nubank", "Itaú", "Bankinter", "Boursorama", "Fineco", "PayPal", "Klarna",
    ),
    "delivery": (
        "Deliveroo", "Glovo", "Wendy's", "McDonald's", "Uber Eats", "Ruth's Chris", "Just Eat", "Domino's",
        "Nando's", "Papa John's", "DoorDash", "Wolt", "Ben & Jerry's", "Lieferando", "Tim Hortons", "iFood",
        "Carl's Jr.", "Five Guys", "Rappi", "Grubhub", "Dunkin'", "Telepizza", "Too Good To Go", "Vapiano",
    ),
    "travel": (
        "Ryanair", "easyJet", "Iberia", "TAP Air Portugal", "Lufthansa", "Air France", "ITA Airways", "Vueling",
        "Booking.com", "Airbnb", "Expedia", "Trainline", "Renfe", "SNCF Connect", "Trenitalia", "Deutsche Bahn",
        "FlixBus", "Sixt", "Hertz", "Avis", "Marriott Bonvoy", "Hilton Honors", "Ouigo", "Italo",
    ),
}  # fmt: skip

PRODUCT_MODELS: dict[str, tuple[str, ...]] = {
    "routers": (
        "FRITZ!Box 7590 AX", "Archer AX73", "Nighthawk RAX50", "Livebox 6", "Sky Hub SR203",
        "Vodafone Station Wi-Fi 6", "HomeBox 6641", "Smart Hub 2", "Deco X60", "RT-AX86U", "Speedport Smart 4",
        "Freebox Pop", "ZXHN H298A", "Velop MX4200", "Orbi RBK752", "UniFi Dream Machine Pro", "hAP ax2",
        "HG8245H", "Bbox Ultym", "Askey RTF8225VW", "VMG8825-T50", "EX220", "Hub 3.0", "Fastgate DGA4131",
    ),
    "phones": (
        "Galaxy S23 Ultra", "iPhone 15 Pro", "Pixel 8a", "Redmi Note 13 Pro", "Moto G84", "Nokia G42",
        "OnePlus 12R", "Galaxy A54", "iPhone 13 mini", "Pixel 7 Pro", "Xperia 10 V", "Nothing Phone (2)",
        "Fairphone 5", "Honor Magic6 Lite", "Poco X6", "Galaxy Z Flip5", "iPhone SE (3rd generation)", "Pixel Fold",
        "Galaxy S24+", "iPhone 14 Plus", "Edge 40 Neo", "Xiaomi 13T", "Reno11 F", "Galaxy Tab S9",
    ),
    "gadgets": (
        "Echo Dot (5th Gen)", "Kindle Paperwhite", "ThinkPad X1 Carbon Gen 11", "MacBook Air M2", "Surface Pro 9",
        "Galaxy Watch6", "AirPods Pro 2", "Chromecast with Google TV", "Fire TV Stick 4K", "LaserJet Pro M404dn",
        "EcoTank ET-2850", "PlayStation 5 Slim", "Nest Learning Thermostat", "Sonos Era 100",
        "Ring Video Doorbell 4", "Hue Bridge v2", "Xbox Series S", "iPad Air (5th generation)", "Forerunner 265",
        "Echo Show 8", "XPS 13 9340", "Steam Deck OLED", "Smart Thermostat X", "Switch OLED",
    ),
}  # fmt: skip
#: which model pools a sector's tickets talk about
DEVICE_POOLS = {
    "telecom": ("routers", "phones"), "devices": ("routers", "phones", "gadgets"), "ecommerce": ("gadgets", "phones"),
    "saas": ("gadgets", "phones"), "banking": ("phones",), "delivery": ("phones",), "travel": ("phones", "gadgets"),
}  # fmt: skip
SKUS = (
    "SKU-TX4471-BLK", "B0C8JQ9W2K", "MQ1K3ZD/A", "SM-S918BZKDEUB", "90IG07Q0-MO3B00", "RAX50-100EUS",
    "HBT-3321-W", "A2848", "ART-55120-XL", "20HRS0B300", "DGA4131FWB", "KX-TGE210", "CP-8832-K9", "LPN-7781",
    "MTP32ZM/A", "ET2850-UK", "MX4200-EU", "WRT3200ACM",
)  # fmt: skip

PLANS: dict[str, tuple[str, ...]] = {
    "telecom": (
        "Fibra 600Mb", "Unlimited Max 5G", "MagentaZuhause L", "Livebox Up Fibre", "Fibra 1Gb + Móvil 50GB",
        "Red Unlimited", "Essential 30GB", "GigaKombi Plus", "Fibra Casa 2.5Gbps", "Full Fibre 900",
        "Super Fibra 500", "Iperfibra Casa", "Broadband Superfast", "Freebox Ultra", "4 Fibra 1 Giga",
        "Mobile XL Prepaid", "One Fibra 1 Gb", "Super Fibra Famiglia",
    ),
    "saas": (
        "Business Premium", "Pro annual", "Enterprise Grid", "Team Plus", "Starter monthly", "Growth",
        "Standard seat", "Scale", "Developer tier", "Free tier", "Premium annual", "Professional", "Essentials",
        "Business+", "Ultimate",
    ),
    "ecommerce": (
        "Prime", "Zalando Plus", "Fnac+ annual", "Cdiscount à volonté", "eBay Plus", "Unlimited delivery pass",
        "Worten Resolve", "Otto Up", "AliExpress Choice", "Darty Max", "myMediaMarkt", "Sparks",
    ),
    "banking": (
        "Premium Metal", "Ultra", "Smart account", "Cuenta Online Sin Comisiones", "Conto Smart", "Girokonto Plus",
        "Conta Jovem", "Compte Essentiel", "Metal yearly", "You account", "Cuenta Nómina", "Conto Genius",
    ),
    "delivery": (
        "Glovo Prime", "Deliveroo Plus Silver", "Wolt+", "DashPass", "Uber One", "Lieferando Plus", "Just Eat+",
        "Rappi Prime", "Clube iFood",
    ),
    "devices": (
        "AppleCare+", "Care Pack 3 years", "Samsung Care+", "Protect Plus", "Extended warranty 2y", "Nest Aware",
        "Ring Protect Basic", "Garmin Connect+", "Fitbit Premium",
    ),
    "travel": (
        "Priority & 2 Cabin Bags", "Flex fare", "Business Premier", "Eco Classic", "Smart fare", "BahnCard 50",
        "Carte Avantage Jeune", "Cartafreccia Gold", "Miles & More Frequent Traveller", "Optima fare",
        "Economy Light", "Premium Economy Flex",
    ),
}  # fmt: skip

LANDMARKS = (
    "Colosseum", "Taj Mahal", "Sagrada Família", "Eiffel Tower", "Alhambra", "Brandenburg Gate",
    "Neuschwanstein Castle", "Torre de Belém", "Christ the Redeemer", "Tower Bridge", "Trevi Fountain",
    "Leaning Tower of Pisa", "Mont-Saint-Michel", "Cologne Cathedral", "Prado Museum", "Park Güell",
    "Jerónimos Monastery", "Statue of Liberty", "Golden Gate Bridge", "Acropolis", "Uffizi Gallery",
    "Louvre Museum", "Palace of Versailles", "Pena Palace", "Machu Picchu", "Big Ben", "Sugarloaf Mountain",
    "Reichstag Building", "Mezquita of Córdoba", "St. Mark's Basilica",
)  # fmt: skip

PROTOCOLS = (
    "SMTP", "WPA3", "DHCP", "IMAP", "WPA2-PSK", "DNS over HTTPS", "PPPoE", "SSH", "SIP", "IPv6", "VoLTE",
    "TLS 1.3", "OAuth 2.0", "LDAP", "NTP", "SNMP", "MQTT", "WebSocket", "gRPC", "QUIC", "SAML", "POP3", "SFTP",
    "UPnP", "WPS", "IGMP", "L2TP", "IPsec", "WireGuard", "RADIUS",
)  # fmt: skip

#: an optional prefix before the last space is written but not annotated ("SQLSTATE 23505" -> 23505)
ERROR_CODES = (
    "0x80070057", "ERR_CONNECTION_RESET", "SQLSTATE 23505", "E-4012", "CRITICAL_PROCESS_DIED", "1603",
    "0x800F0922", "ERR_NAME_NOT_RESOLVED", "ORA-12541", "AADSTS50076", "IRQL_NOT_LESS_OR_EQUAL", "0xC1900101",
    "ECONNREFUSED", "SQLSTATE 40001", "DNS_PROBE_FINISHED_NXDOMAIN", "1310", "ETIMEDOUT", "0x80004005",
    "ERR_CERT_DATE_INVALID", "PAY-0417", "MEMORY_MANAGEMENT", "SQLSTATE 08006", "0x8024A105", "E-2291",
    "ORA-00942", "ERR_SSL_PROTOCOL_ERROR", "AADSTS700016", "PAGE_FAULT_IN_NONPAGED_AREA", "EACCES",
    "HRESULT 0x8007000E", "WIFI-E17", "ENOENT", "BLE-133", "0x87D00324", "SQLSTATE 42P01", "ERR_TOO_MANY_REDIRECTS",
    "KERNEL_SECURITY_CHECK_FAILURE", "EX-5003", "0xC0000005", "ERR_QUIC_PROTOCOL_ERROR", "R-2045", "1638",
    "NET::ERR_CERT_AUTHORITY_INVALID", "ORA-01017", "0x80072EE7", "E-7730", "SYSTEM_SERVICE_EXCEPTION",
    "SQLSTATE 57P01",
)  # fmt: skip

#: (code, reason phrase): protocol constants, the same in every split (not vocabulary)
HTTP_STATUSES = (
    (400, "Bad Request"), (401, "Unauthorized"), (403, "Forbidden"), (404, "Not Found"), (408, "Request Timeout"),
    (409, "Conflict"), (422, "Unprocessable Entity"), (429, "Too Many Requests"), (500, "Internal Server Error"),
    (502, "Bad Gateway"), (503, "Service Unavailable"), (504, "Gateway Timeout"),
)  # fmt: skip
COMMON_PORTS = (8443, 5432, 3306, 6379, 1883, 5060, 587, 993, 8080, 9092, 27017, 161, 51820, 1194, 3389, 25, 465, 8883)

#: (OS name, version style); the name is prose, the version a keep span
OS_NAMES = (
    ("iOS", "apple"), ("Android", "android"), ("iPadOS", "apple"), ("Windows 11", "winbuild"), ("macOS", "apple"),
    ("One UI", "short"), ("Windows 10", "winbuild"), ("HarmonyOS", "semver"), ("watchOS", "apple"),
)  # fmt: skip

HOSTS = (
    "api.stripe.com", "hooks.slack.com", "login.microsoftonline.com", "graph.facebook.com", "registry.npmjs.org",
    "pypi.org", "api.github.com", "fcm.googleapis.com", "api.twilio.com", "s3.eu-west-1.amazonaws.com",
    "smtp.office365.com", "imap.gmail.com", "api.paypal.com", "maps.googleapis.com", "cdn.jsdelivr.net",
    "api.mailgun.net", "auth.docker.io", "api.sendgrid.com", "oauth2.googleapis.com", "api.dropboxapi.com",
    "firestore.googleapis.com", "api.zendesk.com", "storage.googleapis.com", "api.telegram.org",
    "hooks.zapier.com", "smtp.sendgrid.net", "time.google.com", "api.spotify.com", "appleid.apple.com",
    "api.notion.com",
)  # fmt: skip
URL_PATHS = (
    "/v1/charges", "/api/v2/orders", "/oauth/token", "/v3/mail/send", "/health", "/webhooks/inbound",
    "/v1/messages", "/api/v1/sessions", "/v2/checkout/orders", "/v1/files/upload", "/graphql", "/status.json",
    "/api/v3/quotes", "/v1/refunds", "/token/refresh", "/api/devices/register", "/v2/bookings/search",
    "/simple/requests/",
)  # fmt: skip
FILE_PATHS = (
    "/var/log/nginx/error.log", "/etc/postgresql/15/main/pg_hba.conf", "/opt/checkout/config/application.yml",
    "/var/log/syslog", "/etc/nginx/conf.d/default.conf", "/var/lib/docker/volumes/pgdata/_data",
    r"C:\ProgramData\Microsoft\Windows\WER\ReportQueue", "/etc/hostapd/hostapd.conf", "/var/log/mail.log",
    r"C:\Windows\System32\drivers\etc\hosts", "/srv/app/releases/current/.env", "/etc/ssl/certs/ca-certificates.crt",
    "/var/log/apache2/access.log", r"C:\Program Files\Common Files\Setup\setup.log", "/etc/dnsmasq.d/lan.conf",
    "/usr/share/nginx/html/index.html", "/var/lib/mysql/ibdata1", "/etc/systemd/system/worker.service",
    r"C:\Windows\Logs\CBS\CBS.log", "/opt/router/etc/firewall.user", "/var/spool/postfix/deferred",
    "/etc/wireguard/wg0.conf", "/tmp/upload_cache/chunk-0003.part", r"C:\Windows\Minidump\031224-10093-01.dmp",
)  # fmt: skip
#: what follows C:\Users\<user>\ (Windows) ...
WIN_USER_SUFFIXES = (
    r"AppData\Local\Temp\MSI4a2c.LOG", r"AppData\Roaming\Zoom\logs\zoom_stdout.txt",
    r"AppData\Local\Packages\Microsoft.WindowsStore_8wekyb3d8bbwe\LocalState", r"Documents\Outlook Files\archive.pst",
    r"AppData\Local\Google\Chrome\User Data\Default\Preferences", r"AppData\Local\Microsoft\Teams\logs.txt",
    r"Downloads\setup_x64.exe", r"AppData\Roaming\Slack\logs\browser.log", r"AppData\Local\CrashDumps\app.exe.4312.dmp",
    r"OneDrive\Desktop\report.xlsx", r"AppData\Local\Temp\wct8F2A.tmp", r"AppData\LocalLow\Sun\Java\Deployment\log",
)  # fmt: skip
#: ... and what follows /home/<user>/ (Linux) when a personal ticket pastes a Python trace
UNIX_HOME_SUFFIXES = (
    "projects/shop-api", "work/billing-service", "src/courier-app", "code/kyc-backend", "dev/router-tools",
    "repos/booking-engine", "git/menu-sync", "apps/ledger", "sandbox/fare-search",
)  # fmt: skip

JAVA_PACKAGES = (
    "com.nimbuscart.checkout", "org.telvia.provisioning", "io.farecloud.booking", "com.paylane.ledger",
    "net.dispatchly.courier", "io.streamhub.sessions", "com.keelbank.cards", "org.routerly.firmware",
    "io.tripwell.search", "com.shopforge.catalog", "org.linkmesh.radius", "io.parcelpath.tracking",
    "com.fundlytics.kyc", "org.voxline.sip", "io.roomrate.pricing", "com.cartwheel.inventory",
    "org.fibrenet.billing", "io.quickbite.menu",
)  # fmt: skip
JAVA_CLASSES = (
    "CheckoutController", "SubscriptionService", "FareQuoteClient", "InvoiceRenderer", "TokenRefresher",
    "RouteOptimizer", "LedgerWriter", "SessionRegistry", "SeatMapLoader", "CardAuthorizer", "PushDispatcher",
    "CatalogIndexer", "OrderSaga", "LineProvisioner", "VoucherValidator", "ReceiptMailer", "GeoFenceMatcher",
    "RefundWorkflow",
)  # fmt: skip
JAVA_METHODS = (
    "handleRequest", "refreshToken", "applyCoupon", "reserveSeat", "syncLedger", "renderPdf", "pollStatus",
    "resolveHost", "authorizePayment", "flushBatch", "buildQuote", "dispatchPush", "lambda$submit$0", "onMessage",
    "validateSignature", "computeEta", "reconcile", "doFilterInternal",
)  # fmt: skip
JAVA_EXCEPTIONS = (
    "java.net.SocketTimeoutException", "java.lang.IllegalStateException", "javax.net.ssl.SSLHandshakeException",
    "java.lang.NullPointerException", "java.util.ConcurrentModificationException",
    "org.springframework.dao.DataIntegrityViolationException", "java.io.UncheckedIOException",
    "java.lang.OutOfMemoryError", "com.fasterxml.jackson.databind.exc.MismatchedInputException",
    "java.net.ConnectException", "java.lang.IllegalArgumentException",
    "org.hibernate.exception.LockAcquisitionException", "java.util.concurrent.TimeoutException",
    "java.lang.ClassCastException", "org.apache.kafka.common.errors.RecordTooLargeException",
)  # fmt: skip
#: (frame symbol, location) of library frames under the application's frames
JDK_FRAMES = (
    ("java.base/java.lang.Thread.run", "Thread.java:833"),
    ("java.base/java.util.concurrent.ThreadPoolExecutor.runWorker", "ThreadPoolExecutor.java:1136"),
    ("org.apache.catalina.core.StandardWrapperValve.invoke", "StandardWrapperValve.java:197"),
    ("java.base/java.net.SocketInputStream.read", "SocketInputStream.java:183"),
    ("org.springframework.web.servlet.FrameworkServlet.service", "FrameworkServlet.java:885"),
    ("java.base/sun.nio.ch.NioSocketImpl.timedRead", "NioSocketImpl.java:288"),
    ("org.apache.tomcat.util.net.NioEndpoint$SocketProcessor.doRun", "NioEndpoint.java:1791"),
    ("reactor.core.publisher.MonoFlatMap$FlatMapMain.onNext", "MonoFlatMap.java:132"),
    ("java.base/java.util.ArrayList$Itr.checkForComodification", "ArrayList.java:1013"),
)
PY_APP_FILES = (
    "app/billing/tasks.py", "services/sync/worker.py", "api/webhooks/handlers.py", "orders/views.py",
    "auth/backends.py", "export/csv_writer.py", "scheduler/jobs.py", "notify/push.py", "geo/eta.py",
    "checkout/payment.py", "provisioning/radius.py", "catalog/importer.py", "booking/fares.py", "kyc/checks.py",
    "menu/sync.py",
)  # fmt: skip
PY_FUNCS = (
    "charge_invoice", "run_sync", "handle_event", "create_order", "authenticate", "write_rows", "run_pending",
    "send_push", "estimate_eta", "capture", "push_profile", "import_feed", "price_itinerary", "score_document",
    "refresh_menu",
)  # fmt: skip
#: (library file, function)
PY_LIB_FRAMES = (
    ("/usr/lib/python3.11/site-packages/requests/adapters.py", "send"),
    ("/usr/local/lib/python3.12/site-packages/httpx/_transports/default.py", "handle_request"),
    ("/opt/venv/lib/python3.10/site-packages/sqlalchemy/engine/base.py", "_execute_context"),
    ("/usr/lib/python3.11/json/decoder.py", "raw_decode"),
    ("/usr/local/lib/python3.11/site-packages/urllib3/connectionpool.py", "urlopen"),
    ("/opt/venv/lib/python3.12/site-packages/redis/connection.py", "read_response"),
    ("/usr/lib/python3.11/ssl.py", "do_handshake"),
    ("/usr/local/lib/python3.12/site-packages/celery/app/trace.py", "trace_task"),
    ("/opt/venv/lib/python3.11/site-packages/django/core/handlers/exception.py", "inner"),
    ("/usr/lib/python3.10/socket.py", "readinto"),
    ("/usr/local/lib/python3.11/site-packages/boto3/resources/factory.py", "do_action"),
    ("/opt/venv/lib/python3.12/site-packages/pydantic/main.py", "model_validate"),
)
PY_EXCEPTIONS = (
    "requests.exceptions.ReadTimeout", "KeyError", "ValueError", "ConnectionResetError",
    "json.decoder.JSONDecodeError", "sqlalchemy.exc.IntegrityError", "PermissionError",
    "ssl.SSLCertVerificationError", "TimeoutError", "redis.exceptions.ConnectionError", "UnicodeDecodeError",
    "botocore.exceptions.ClientError", "ModuleNotFoundError", "httpx.ConnectTimeout",
    "celery.exceptions.SoftTimeLimitExceeded",
)  # fmt: skip

#: (key, value type); grouped by type in multiples of three so every split gets every type
CONFIG_KEYS = (
    ("smtp_host", "host"), ("relay.host", "host"), ("ldap_server", "host"),
    ("upstream_host", "host"), ("broker.endpoint", "host"), ("dns_resolver", "host"),
    ("webhook_url", "url"), ("api.base_url", "url"), ("sso_metadata_url", "url"),
    ("listen_port", "port"), ("db.port", "port"), ("smtp_port", "port"),
    ("admin_port", "port"), ("redis.port", "port"), ("sip_port", "port"),
    ("client_version", "version"), ("tls.min_version", "version"), ("api_version", "version"),
    ("firmware.target", "version"), ("schema_version", "version"), ("agent.version", "version"),
    ("transport", "proto"), ("wifi.security", "proto"), ("auth.protocol", "proto"),
    ("wan_mode", "proto"), ("mail.protocol", "proto"), ("vpn.type", "proto"),
    ("read_timeout_ms", "number"), ("retry.backoff", "number"), ("idle_timeout", "number"),
    ("pool.max_size", "number"), ("keepalive_s", "number"), ("max_retries", "number"),
    ("smtp_user", "user"), ("db.username", "user"), ("admin_login", "user"),
    ("smtp_password", "secret"), ("api_key", "secret"), ("wifi.passphrase", "secret"),
    ("db_password", "secret"), ("stripe.secret", "secret"), ("radius_secret", "secret"),
    ("alert_email", "email"), ("billing.contact", "email"), ("notify_to", "email"),
    ("log_file", "path"), ("tls.cert_path", "path"), ("data_dir", "path"),
)  # fmt: skip
CONFIG_FORMATS = ("yaml", "json", "toml", "env", "ini", "xml")

#: processes and nodes in syslog-style lines (prose, not annotated)
PROCS = ("checkoutd", "pppd", "dnsmasq", "hostapd", "gunicorn", "nginx", "postfix/smtp", "udhcpc", "java")
NODES = ("edge-gw-02", "web-3", "app-prod-1", "rtr-home", "worker-eu-4", "db-primary", "api-blue-2", "lb-01")

# heldout-only vocabulary (the heldout-only block shapes draw from these and from the heldout slices)
DOTNET_EXCEPTIONS = (
    "System.Net.Http.HttpRequestException", "System.InvalidOperationException", "System.TimeoutException",
    "Microsoft.Data.SqlClient.SqlException", "System.IO.IOException", "System.Text.Json.JsonException",
)  # fmt: skip
#: (frame symbol, signature, source path)
DOTNET_FRAMES = (
    ("Contoso.Payments.Gateway.Client.SendAsync", "HttpRequestMessage request", r"D:\a\1\s\src\Gateway\Client.cs"),
    ("Fabrikam.Booking.Api.Controllers.SeatsController.Hold", "Guid seatId", r"D:\a\1\s\src\Api\SeatsController.cs"),
    ("Northwind.Orders.Sync.Worker.ExecuteAsync", "CancellationToken ct", r"C:\build\src\Orders.Sync\Worker.cs"),
    ("Tailspin.Telemetry.Agent.Uploader.FlushAsync", "", r"C:\build\src\Telemetry\Uploader.cs"),
    ("Contoso.Payments.Ledger.PostingService.Post", "LedgerEntry entry", r"D:\a\1\s\src\Ledger\PostingService.cs"),
    ("Fabrikam.Booking.Api.Pricing.FareCalculator.Compute", "FareRequest req", r"D:\a\1\s\src\Api\FareCalculator.cs"),
)
SYSTEMD_UNITS = (
    "fwupd.service", "wpa_supplicant.service", "postfix@-.service", "docker.service", "chronyd.service",
    "snapd.refresh.service",
)  # fmt: skip
CONTAINER_IMAGES = (
    "ghcr.io/farecloud/search-api", "registry.gitlab.com/quickbite/menu-sync", "docker.io/library/nginx",
    "quay.io/keelbank/kyc-worker",
)  # fmt: skip

# --------------------------------------------------------------------------------------------------
# Shapes of invented identifiers (mask spans): '#' a digit, '@' an upper-case letter, '*' either.
# Partitioned like everything else, so heldout identifiers have shapes no other split has.
# --------------------------------------------------------------------------------------------------

ORDER_SHAPES = (
    "###-#######-#######", "ORD-2024-######", "CS#######", "@@########", "INC#######", "PED-########",
    "####-####-####", "R-#########", "A##-@@@#####",
)  # fmt: skip
CUSTOMER_SHAPES = (
    "CUST-######", "C-########", "KD-#######", "CLI-########", "#########", "U@@######", "CID ###-###-###",
    "@########", "AB-######-@",
)  # fmt: skip
ACCOUNT_SHAPES = ("00######", "##########", "###-######-##", "#######", "ACC########", "##.###.####")
SERIAL_SHAPES = ("@##@##@@@@@", "C02@@#@@@@#@", "SN######@@", "####@@####", "R58N#@@@@@", "@@##-####-####")
TOKEN_SHAPES = (
    "sk_live_************************", "ghp_************************************", "AKIA@@@@@@@@@@@@@@@@",
    "xoxb-############-************", "key-********************************", "SG.**********************",
)  # fmt: skip

# --------------------------------------------------------------------------------------------------
# Natural language, per ticket language.  Each category is partitioned by _part (i % 3 -> split);
# the "personal" sentences come in groups of three (one per split), each pairing a personal value
# with a technical twin.  Slots: {brand} {device} {plan} {ver} {build} {osver} {err} {port} {proto}
# keep; {name} {signer} {lcname} {phone} {pin} {email} {order} {cust} {dob} {ip} mask.
# --------------------------------------------------------------------------------------------------

NL: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "opening": (
            "Hi, since this morning {brand} keeps failing on my {device} and I can't get anything done.",
            "Hello support team, I have a problem with {brand} that started after the last update to {ver}.",
            "Good afternoon. We moved to the {plan} plan last week and since then {brand} behaves strangely.",
            "Hey, quick question about {brand}: is there an outage? Nothing works on my side.",
            "Dear {brand} support, I'm writing because the {device} I bought stopped working properly.",
            "Hi there, I'm stuck with an error in {brand} and your FAQ didn't help.",
            "Hello, our team uses {brand} on the {plan} plan and we keep hitting the same failure.",
            "Hi, after upgrading to {osver} the {brand} app crashes on start.",
            "To whom it may concern: {brand} has been unreliable for two days now.",
            "Morning! Something broke between {brand} and our integration overnight.",
            "Hi, I wrote about my {plan} subscription yesterday but the issue with {brand} is still there.",
            "Hello, I'm not very technical, but my {device} shows an error and {brand} support sent me here.",
        ),
        "intro": (
            "Here is what the log says:", "I copied this from the console:", "This is the full error:",
            "Pasting the output below:", "The app shows this:", "This is what I get when I run it:",
            "Relevant part of the log:", "Output from our server:", "Screenshot text (typed out):",
            "Here's the trace our developer found:", "And this one appeared right after:",
            "Details below, in case they help:",
        ),
        "intro_data": (
            "These are the details on my account:", "From the confirmation email:", "My details as you have them:",
            "Copied from the order page:", "This is what the form shows:", "Here are my details again:",
        ),
        "personal": (
            "You can call me on {phone} if that's easier; the screen still says error {err}.",
            "My number is {phone}. Every attempt ends with {err}.",
            "Please ring {phone} after 6pm, I'll be next to the machine showing {err}.",
            "My PIN is {pin} in case you need it, and the router forwards port {port}.",
            "The unlock code I set was {pin}; I also opened port {port} as your guide said.",
            "If it matters, the device PIN is {pin} and the service listens on port {port}.",
            "Please reply to {email}, I'm running version {ver}.",
            "Send the answer to {email} please. The app reports {ver} under About.",
            "Best way to reach me is {email}; client build {ver}.",
            "It's about order {order}; the box came with firmware build {build}.",
            "Order {order} was delivered yesterday, and Settings shows build {build}.",
            "Reference {order}: the unit we received reports build {build}.",
            "The previous owner was {lcname} and the {device} still shows their account.",
            "It was set up by {lcname}, who moved out, so the {device} is locked to them.",
            "My colleague {lcname} configured the {device} before leaving the company.",
            "My customer number is {cust} and my date of birth is {dob}, for verification.",
            "For security: customer ID {cust}, born {dob}.",
            "Customer {cust}, date of birth {dob}; you asked for both last time.",
            "My public IP is {ip} and every {proto} connection from it is refused.",
            "We connect from {ip}; {proto} times out only from that address.",
            "The failures come from {ip} when using {proto}.",
            "The refund should go to IBAN {iban}, not to the card {card}; the app ({ver}) keeps picking the card.",
            "Please pay it back to {iban}: the card {card} was cancelled after update {ver}.",
            "Card {card} was charged twice, refund account {iban}; app version {ver}.",
            "My ID number {nid} is rejected by the form with code {err}.",
            "The KYC check fails on my ID {nid} with {err}.",
            "I typed my ID number, {nid}, and got {err} again.",
        ),
        "closing": (
            "Thanks in advance for any help.", "Let me know if you need more details.", "Any idea what is going on?",
            "Hope you can sort this out quickly.", "Is there a workaround until it's fixed?",
            "Appreciate a quick reply, this is blocking us.", "Please advise.",
            "Can you escalate this to the technical team?", "Thank you, waiting for your answer.",
        ),
        "signoff": ("Thanks,\n{signer}", "Regards,\n{signer}", "Cheers, {signer}", "Best,\n{signer}",
                    "Kind regards, {signer}", "All the best, {signer}"),
        "name_intro": (
            "My name is {name} and I'm the account holder.", "This is {name} writing.",
            "I'm {name}, I've been a customer for years.", "{name} here.", "Writing on my own behalf, {name}.",
            "You're hearing from {name}.",
        ),
    },
    "es": {
        "opening": (
            "Hola, desde esta mañana {brand} falla en mi {device} y no puedo trabajar.",
            "Buenas, tengo un problema con {brand} desde que actualicé a la versión {ver}.",
            "Buenas tardes. La semana pasada nos pasamos a la tarifa {plan} y desde entonces {brand} va fatal.",
            "Hola, ¿hay alguna incidencia con {brand}? A mí no me funciona nada.",
            "Estimado soporte de {brand}: el {device} que compré ha dejado de funcionar bien.",
            "Hola, me sale un error en {brand} y las preguntas frecuentes no me han servido.",
            "Hola, en la empresa usamos {brand} con el plan {plan} y siempre falla en el mismo punto.",
            "Hola, después de actualizar a {osver} la app de {brand} se cierra al abrirla.",
            "A quien corresponda: {brand} lleva dos días dando problemas.",
            "¡Buenos días! Esta noche algo se ha roto entre {brand} y nuestra integración.",
            "Hola, ayer os escribí por mi tarifa {plan} pero el problema con {brand} sigue igual.",
            "Hola, no entiendo mucho de esto, pero mi {device} da un error y desde {brand} me mandan aquí.",
        ),
        "intro": (
            "Esto es lo que pone el log:", "Lo he copiado de la consola:", "Este es el error completo:",
            "Pego la salida aquí abajo:", "La app muestra esto:", "Esto es lo que sale al ejecutarlo:",
            "La parte del log que importa:", "Salida de nuestro servidor:",
            "Texto de la captura (lo he copiado a mano):", "Esta es la traza que encontró nuestro desarrollador:",
            "Y justo después apareció esto:", "Os dejo los detalles por si sirven:",
        ),
        "intro_data": (
            "Estos son los datos de mi cuenta:", "Del correo de confirmación:", "Mis datos tal como los tenéis:",
            "Copiado de la página del pedido:", "Esto es lo que muestra el formulario:", "Os vuelvo a dejar mis datos:",
        ),
        "personal": (
            "Podéis llamarme al {phone} si es más fácil; en la pantalla sigue saliendo el error {err}.",
            "Mi número es el {phone}. Cada intento termina con {err}.",
            "Llamadme al {phone} a partir de las 18h, estaré delante del equipo que muestra {err}.",
            "Mi PIN es {pin} por si lo necesitáis, y el router redirige el puerto {port}.",
            "El código de desbloqueo que puse es {pin}; también abrí el puerto {port} como decía vuestra guía.",
            "Por si importa, el PIN del aparato es {pin} y el servicio escucha en el puerto {port}.",
            "Respondedme a {email}, por favor; tengo la versión {ver}.",
            "Enviad la respuesta a {email}. En «Acerca de» pone {ver}.",
            "Lo mejor es escribirme a {email}; versión del cliente {ver}.",
            "Es sobre el pedido {order}; la caja venía con el firmware build {build}.",
            "El pedido {order} llegó ayer y en Ajustes aparece la compilación {build}.",
            "Referencia {order}: la unidad que recibimos indica build {build}.",
            "El antiguo propietario era {lcname} y el {device} sigue mostrando su cuenta.",
            "Lo configuró {lcname}, que ya no vive aquí, así que el {device} está bloqueado a su nombre.",
            "Mi compañera {lcname} configuró el {device} antes de irse de la empresa.",
            "Mi número de cliente es {cust} y mi fecha de nacimiento {dob}, para que me verifiquéis.",
            "Por seguridad: cliente {cust}, nacido el {dob}.",
            "Cliente {cust}, fecha de nacimiento {dob}; la última vez me pedisteis ambos.",
            "Mi IP pública es {ip} y cualquier conexión {proto} desde ella se rechaza.",
            "Nos conectamos desde {ip}; {proto} solo falla desde esa dirección.",
            "Los fallos vienen de {ip} cuando usamos {proto}.",
            "El reembolso debe ir al IBAN {iban}, no a la tarjeta {card}; la app ({ver}) se empeña en usar la tarjeta.",
            "Devolvedlo a {iban}, por favor: la tarjeta {card} se canceló tras la actualización {ver}.",
            "Me cobraron dos veces en la tarjeta {card}; cuenta para el reembolso {iban}; versión de la app {ver}.",
            "El formulario rechaza mi DNI {nid} con el código {err}.",
            "La verificación de identidad falla con mi documento {nid}: {err}.",
            "Escribí mi número de documento, {nid}, y otra vez salió {err}.",
        ),
        "closing": (
            "Gracias de antemano por la ayuda.", "Decidme si necesitáis más datos.", "¿Alguna idea de qué pasa?",
            "Espero que lo podáis arreglar pronto.", "¿Hay alguna solución temporal mientras tanto?",
            "Agradecería una respuesta rápida, nos está bloqueando.", "Quedo a la espera.",
            "¿Podéis pasarlo al equipo técnico?", "Gracias, espero vuestra respuesta.",
        ),
        "signoff": ("Gracias,\n{signer}", "Saludos,\n{signer}", "Un saludo, {signer}", "Atentamente,\n{signer}",
                    "Muchas gracias, {signer}", "Un abrazo, {signer}"),
        "name_intro": (
            "Me llamo {name} y soy el titular de la cuenta.", "Os escribe {name}.",
            "Soy {name}, cliente desde hace años.", "Aquí {name}.", "Escribo en mi nombre, {name}.",
            "Habla {name}.",
        ),
    },
    "pt": {
        "opening": (
            "Olá, desde esta manhã o {brand} falha no meu {device} e não consigo trabalhar.",
            "Bom dia, tenho um problema com o {brand} desde que atualizei para a versão {ver}.",
            "Boa tarde. Mudámos para o tarifário {plan} na semana passada e desde então o {brand} anda estranho.",
            "Olá, há alguma avaria com o {brand}? Do meu lado nada funciona.",
            "Caro suporte {brand}, o {device} que comprei deixou de funcionar bem.",
            "Olá, aparece-me um erro no {brand} e as perguntas frequentes não ajudaram.",
            "Olá, a nossa equipa usa o {brand} no plano {plan} e falha sempre no mesmo ponto.",
            "Olá, depois de atualizar para {osver} a app {brand} fecha logo ao abrir.",
            "A quem de direito: o {brand} está instável há dois dias.",
            "Bom dia! Durante a noite algo deixou de funcionar entre o {brand} e a nossa integração.",
            "Olá, ontem escrevi-vos sobre o plano {plan} mas o problema com o {brand} continua.",
            "Olá, não percebo muito disto, mas o meu {device} mostra um erro e o {brand} mandou-me falar convosco.",
        ),
        "intro": (
            "Isto é o que aparece no log:", "Copiei isto da consola:", "Este é o erro completo:",
            "Colo a saída aqui em baixo:", "A app mostra isto:", "É isto que obtenho ao executar:",
            "A parte relevante do log:", "Saída do nosso servidor:", "Texto da captura de ecrã (transcrito):",
            "Este é o rastreio que o nosso programador encontrou:", "E logo a seguir apareceu isto:",
            "Deixo os detalhes, caso ajudem:",
        ),
        "intro_data": (
            "Estes são os dados da minha conta:", "Do email de confirmação:", "Os meus dados tal como os têm:",
            "Copiado da página da encomenda:", "É isto que o formulário mostra:", "Volto a deixar os meus dados:",
        ),
        "personal": (
            "Podem ligar-me para o {phone} se for mais fácil; o ecrã continua a dizer erro {err}.",
            "O meu número é {phone}. Todas as tentativas acabam em {err}.",
            "Liguem para {phone} depois das 18h, estarei ao pé do equipamento que mostra {err}.",
            "O meu PIN é {pin}, caso precisem, e o router reencaminha a porta {port}.",
            "O código de desbloqueio que defini é {pin}; também abri a porta {port} como o vosso guia indicava.",
            "Se interessar, o PIN do aparelho é {pin} e o serviço escuta na porta {port}.",
            "Respondam para {email}, por favor; estou na versão {ver}.",
            "Enviem a resposta para {email}. Em «Sobre» aparece {ver}.",
            "A melhor forma de me contactar é {email}; versão do cliente {ver}.",
            "É sobre a encomenda {order}; a caixa veio com o firmware build {build}.",
            "A encomenda {order} chegou ontem e nas Definições aparece a compilação {build}.",
            "Referência {order}: a unidade que recebemos indica build {build}.",
            "O antigo dono era {lcname} e o {device} ainda mostra a conta dele.",
            "Quem configurou foi {lcname}, que já não mora cá, por isso o {device} está bloqueado.",
            "A minha colega {lcname} configurou o {device} antes de sair da empresa.",
            "O meu número de cliente é {cust} e a data de nascimento {dob}, para verificação.",
            "Por segurança: cliente {cust}, nascido a {dob}.",
            "Cliente {cust}, data de nascimento {dob}; da última vez pediram os dois.",
            "O meu IP público é {ip} e todas as ligações {proto} a partir dele são recusadas.",
            "Ligamo-nos a partir de {ip}; o {proto} só falha a partir desse endereço.",
            "As falhas vêm de {ip} quando usamos {proto}.",
            "O reembolso deve ir para o IBAN {iban}, não para o cartão {card}; a app ({ver}) insiste em escolher "
            "o cartão.",
            "Devolvam para {iban}, por favor: o cartão {card} foi cancelado depois da atualização {ver}.",
            "O cartão {card} foi cobrado duas vezes; conta para reembolso {iban}; versão da app {ver}.",
            "O formulário rejeita o meu número de identificação {nid} com o código {err}.",
            "A verificação de identidade falha com o meu documento {nid}: {err}.",
            "Escrevi o meu número de contribuinte, {nid}, e voltou a dar {err}.",
        ),
        "closing": (
            "Obrigado desde já pela ajuda.", "Digam-me se precisarem de mais dados.", "Alguma ideia do que se passa?",
            "Espero que consigam resolver depressa.", "Existe alguma solução provisória?",
            "Agradecia uma resposta rápida, isto está a bloquear-nos.", "Aguardo notícias.",
            "Podem passar isto à equipa técnica?", "Obrigada, fico a aguardar a vossa resposta.",
        ),
        "signoff": ("Obrigado,\n{signer}", "Cumprimentos,\n{signer}", "Abraço, {signer}", "Atenciosamente,\n{signer}",
                    "Muito obrigada, {signer}", "Att., {signer}"),
        "name_intro": (
            "Chamo-me {name} e sou o titular da conta.", "Escreve-vos {name}.", "Sou {name}, cliente há vários anos.",
            "Fala {name}.", "Quem escreve é {name}.", "Aqui é {name}.",
        ),
    },
    "it": {
        "opening": (
            "Ciao, da stamattina {brand} non funziona sul mio {device} e non riesco a lavorare.",
            "Buongiorno, ho un problema con {brand} da quando ho aggiornato alla versione {ver}.",
            "Buon pomeriggio. La settimana scorsa siamo passati all'offerta {plan} e da allora {brand} fa i capricci.",
            "Salve, c'è un disservizio su {brand}? Da me non va niente.",
            "Gentile assistenza {brand}, il {device} che ho acquistato ha smesso di funzionare bene.",
            "Ciao, ricevo un errore in {brand} e le FAQ non mi hanno aiutato.",
            "Salve, il nostro team usa {brand} con il piano {plan} e si blocca sempre allo stesso punto.",
            "Ciao, dopo l'aggiornamento a {osver} l'app di {brand} si chiude all'avvio.",
            "Alla cortese attenzione del supporto: {brand} è instabile da due giorni.",
            "Buongiorno! Stanotte qualcosa si è rotto tra {brand} e la nostra integrazione.",
            "Salve, ieri vi ho scritto per l'abbonamento {plan} ma il problema con {brand} c'è ancora.",
            "Ciao, non sono molto pratico, ma il mio {device} mostra un errore e {brand} mi ha detto di scrivervi.",
        ),
        "intro": (
            "Ecco cosa dice il log:", "L'ho copiato dalla console:", "Questo è l'errore completo:",
            "Incollo l'output qui sotto:", "L'app mostra questo:", "Ecco cosa ottengo quando lo eseguo:",
            "La parte rilevante del log:", "Output del nostro server:", "Testo dello screenshot (ricopiato):",
            "Questa è la traccia trovata dal nostro sviluppatore:", "E subito dopo è comparso questo:",
            "Vi lascio i dettagli, se possono servire:",
        ),
        "intro_data": (
            "Questi sono i dati del mio account:", "Dall'email di conferma:", "I miei dati come li avete voi:",
            "Copiato dalla pagina dell'ordine:", "Ecco cosa mostra il modulo:", "Vi rimetto qui i miei dati:",
        ),
        "personal": (
            "Potete chiamarmi al {phone} se è più comodo; lo schermo mostra ancora l'errore {err}.",
            "Il mio numero è {phone}. Ogni tentativo finisce con {err}.",
            "Chiamatemi al {phone} dopo le 18, sarò davanti al dispositivo che segnala {err}.",
            "Il mio PIN è {pin} se vi serve, e il router inoltra la porta {port}.",
            "Il codice di sblocco che ho impostato è {pin}; ho anche aperto la porta {port} come diceva la guida.",
            "Se può servire, il PIN del dispositivo è {pin} e il servizio è in ascolto sulla porta {port}.",
            "Rispondetemi a {email}, per favore; ho la versione {ver}.",
            "Mandate la risposta a {email}. In «Informazioni» risulta {ver}.",
            "Il modo migliore per contattarmi è {email}; versione del client {ver}.",
            "Riguarda l'ordine {order}; la scatola conteneva il firmware build {build}.",
            "L'ordine {order} è arrivato ieri e nelle Impostazioni compare la build {build}.",
            "Riferimento {order}: l'unità ricevuta riporta la build {build}.",
            "Il proprietario precedente era {lcname} e il {device} mostra ancora il suo account.",
            "L'ha configurato {lcname}, che si è trasferito, quindi il {device} è bloccato sul suo account.",
            "La mia collega {lcname} ha configurato il {device} prima di lasciare l'azienda.",
            "Il mio codice cliente è {cust} e la data di nascita {dob}, per la verifica.",
            "Per sicurezza: cliente {cust}, nato il {dob}.",
            "Cliente {cust}, data di nascita {dob}; l'ultima volta mi avete chiesto entrambi.",
            "Il mio IP pubblico è {ip} e ogni connessione {proto} da lì viene rifiutata.",
            "Ci colleghiamo da {ip}; {proto} va in timeout solo da quell'indirizzo.",
            "Gli errori arrivano da {ip} quando usiamo {proto}.",
            "Il rimborso deve andare sull'IBAN {iban}, non sulla carta {card}; l'app ({ver}) continua a "
            "scegliere la carta.",
            "Rimborsate su {iban}, per favore: la carta {card} è stata annullata dopo l'aggiornamento {ver}.",
            "Sulla carta {card} mi avete addebitato due volte; conto per il rimborso {iban}; versione app {ver}.",
            "Il modulo rifiuta il mio codice fiscale {nid} con il codice {err}.",
            "La verifica dell'identità fallisce con il mio documento {nid}: {err}.",
            "Ho inserito il mio codice fiscale, {nid}, ed è uscito di nuovo {err}.",
        ),
        "closing": (
            "Grazie in anticipo per l'aiuto.", "Fatemi sapere se servono altri dettagli.",
            "Avete idea di cosa stia succedendo?", "Spero che riusciate a risolvere presto.",
            "Esiste una soluzione temporanea nel frattempo?", "Gradirei una risposta veloce, ci sta bloccando.",
            "Resto in attesa di un riscontro.", "Potete inoltrarlo al team tecnico?", "Grazie, attendo vostre notizie.",
        ),
        "signoff": ("Grazie,\n{signer}", "Saluti,\n{signer}", "Un saluto, {signer}", "Cordiali saluti,\n{signer}",
                    "Grazie mille, {signer}", "A presto, {signer}"),
        "name_intro": (
            "Mi chiamo {name} e sono l'intestatario del contratto.", "Vi scrive {name}.",
            "Sono {name}, cliente da anni.",
            "Qui è {name}.", "Scrivo a nome mio, {name}.", "Parla {name}.",
        ),
    },
    "fr": {
        "opening": (
            "Bonjour, depuis ce matin {brand} plante sur mon {device} et je ne peux plus travailler.",
            "Bonjour, j'ai un problème avec {brand} depuis la mise à jour vers la version {ver}.",
            "Bonjour. Nous sommes passés à l'offre {plan} la semaine dernière et depuis {brand} se comporte "
            "bizarrement.",
            "Salut, est-ce qu'il y a une panne chez {brand} ? Rien ne marche de mon côté.",
            "Madame, Monsieur, le {device} que j'ai acheté ne fonctionne plus correctement avec {brand}.",
            "Bonjour, j'ai une erreur dans {brand} et la FAQ ne m'a pas aidé.",
            "Bonjour, notre équipe utilise {brand} avec la formule {plan} et ça bloque toujours au même endroit.",
            "Bonjour, depuis la mise à jour vers {osver}, l'appli {brand} se ferme au démarrage.",
            "À l'attention du support : {brand} est instable depuis deux jours.",
            "Bonjour ! Cette nuit quelque chose a cassé entre {brand} et notre intégration.",
            "Bonjour, je vous ai écrit hier au sujet de mon abonnement {plan} mais le souci avec {brand} persiste.",
            "Bonjour, je ne suis pas très technique, mais mon {device} affiche une erreur et {brand} m'a renvoyé "
            "vers vous.",
        ),
        "intro": (
            "Voici ce que dit le journal :", "Je l'ai copié depuis la console :", "Voici l'erreur complète :",
            "Je colle la sortie ci-dessous :", "L'appli affiche ceci :", "Voilà ce que j'obtiens en le lançant :",
            "La partie utile du log :", "Sortie de notre serveur :", "Texte de la capture d'écran (recopié) :",
            "Voici la trace trouvée par notre développeur :", "Et juste après, ceci est apparu :",
            "Les détails ci-dessous, au cas où :",
        ),
        "intro_data": (
            "Voici les informations de mon compte :", "Extrait de l'e-mail de confirmation :",
            "Mes coordonnées telles que vous les avez :", "Copié depuis la page de la commande :",
            "Voici ce qu'affiche le formulaire :", "Je vous remets mes coordonnées :",
        ),
        "personal": (
            "Vous pouvez m'appeler au {phone} si c'est plus simple ; l'écran affiche toujours l'erreur {err}.",
            "Mon numéro est le {phone}. Chaque tentative se termine par {err}.",
            "Appelez-moi au {phone} après 18 h, je serai devant l'appareil qui affiche {err}.",
            "Mon code PIN est {pin} si besoin, et la box redirige le port {port}.",
            "Le code de déverrouillage que j'ai choisi est {pin} ; j'ai aussi ouvert le port {port} comme l'indiquait "
            "votre guide.",
            "Si ça compte, le PIN de l'appareil est {pin} et le service écoute sur le port {port}.",
            "Merci de répondre à {email} ; j'ai la version {ver}.",
            "Envoyez la réponse à {email}. Dans « À propos », c'est marqué {ver}.",
            "Le mieux est de m'écrire à {email} ; version du client {ver}.",
            "C'est au sujet de la commande {order} ; la boîte contenait le firmware build {build}.",
            "La commande {order} est arrivée hier et les Réglages affichent la build {build}.",
            "Référence {order} : l'appareil reçu indique la build {build}.",
            "L'ancien propriétaire était {lcname} et le {device} affiche encore son compte.",
            "C'est {lcname} qui l'a configuré avant de déménager, donc le {device} est bloqué sur son compte.",
            "Ma collègue {lcname} a configuré le {device} avant de quitter l'entreprise.",
            "Mon numéro client est {cust} et ma date de naissance le {dob}, pour la vérification.",
            "Pour la sécurité : client {cust}, né le {dob}.",
            "Client {cust}, date de naissance {dob} ; vous m'aviez demandé les deux la dernière fois.",
            "Mon IP publique est {ip} et toute connexion {proto} depuis celle-ci est refusée.",
            "Nous nous connectons depuis {ip} ; le {proto} expire uniquement depuis cette adresse.",
            "Les échecs viennent de {ip} quand on utilise {proto}.",
            "Le remboursement doit aller sur l'IBAN {iban}, pas sur la carte {card} ; l'appli ({ver}) choisit "
            "toujours la carte.",
            "Remboursez sur {iban}, s'il vous plaît : la carte {card} a été annulée après la mise à jour {ver}.",
            "La carte {card} a été débitée deux fois ; compte de remboursement {iban} ; version de l'appli {ver}.",
            "Le formulaire refuse mon numéro {nid} avec le code {err}.",
            "La vérification d'identité échoue avec mon numéro {nid} : {err}.",
            "J'ai saisi mon numéro de sécurité sociale, {nid}, et j'ai encore eu {err}.",
        ),
        "closing": (
            "Merci d'avance pour votre aide.", "Dites-moi s'il vous faut plus d'informations.",
            "Une idée de ce qui se passe ?", "J'espère que vous pourrez régler ça vite.",
            "Y a-t-il un contournement en attendant ?", "Merci de répondre rapidement, cela nous bloque.",
            "Dans l'attente de votre retour.", "Pouvez-vous transmettre à l'équipe technique ?",
            "Merci, j'attends votre réponse.",
        ),
        "signoff": ("Merci,\n{signer}", "Cordialement,\n{signer}", "Bonne journée, {signer}", "Bien à vous,\n{signer}",
                    "Merci beaucoup, {signer}", "À bientôt, {signer}"),
        "name_intro": (
            "Je m'appelle {name} et je suis titulaire du compte.", "C'est {name} qui vous écrit.",
            "Je suis {name}, client depuis des années.", "{name} à l'appareil.", "Je vous écris moi-même, {name}.",
            "Ici {name}.",
        ),
    },
    "de": {
        "opening": (
            "Hallo, seit heute Morgen stürzt {brand} auf meinem {device} ab und ich kann nicht arbeiten.",
            "Guten Tag, ich habe ein Problem mit {brand}, seit ich auf Version {ver} aktualisiert habe.",
            "Guten Tag. Wir sind letzte Woche auf den Tarif {plan} gewechselt und seitdem verhält sich {brand} "
            "seltsam.",
            "Hi, gibt es eine Störung bei {brand}? Bei mir geht gar nichts.",
            "Sehr geehrtes {brand}-Team, das {device}, das ich gekauft habe, funktioniert nicht mehr richtig.",
            "Hallo, ich bekomme einen Fehler in {brand} und die FAQ hat nicht geholfen.",
            "Hallo, unser Team nutzt {brand} im Paket {plan} und es hängt immer an derselben Stelle.",
            "Hallo, nach dem Update auf {osver} schließt sich die {brand}-App sofort beim Start.",
            "An den Support: {brand} ist seit zwei Tagen instabil.",
            "Guten Morgen! Heute Nacht ist zwischen {brand} und unserer Integration etwas kaputtgegangen.",
            "Hallo, ich habe gestern wegen meines Abos {plan} geschrieben, aber das Problem mit {brand} besteht "
            "weiter.",
            "Hallo, ich kenne mich nicht gut aus, aber mein {device} zeigt einen Fehler und {brand} hat mich an Sie "
            "verwiesen.",
        ),
        "intro": (
            "Das steht im Log:", "Das habe ich aus der Konsole kopiert:", "Hier die vollständige Fehlermeldung:",
            "Die Ausgabe füge ich unten ein:", "Die App zeigt Folgendes:", "Das bekomme ich beim Ausführen:",
            "Der relevante Teil des Logs:", "Ausgabe von unserem Server:", "Text vom Screenshot (abgetippt):",
            "Das ist der Stacktrace, den unser Entwickler gefunden hat:", "Und direkt danach kam das:",
            "Details unten, falls es hilft:",
        ),
        "intro_data": (
            "Das sind die Daten zu meinem Konto:", "Aus der Bestätigungsmail:",
            "Meine Daten, wie sie bei Ihnen hinterlegt sind:", "Kopiert von der Bestellseite:",
            "Das zeigt das Formular an:", "Hier nochmal meine Daten:",
        ),
        "personal": (
            "Sie können mich unter {phone} anrufen, wenn das einfacher ist; auf dem Bildschirm steht weiterhin "
            "Fehler {err}.",
            "Meine Nummer ist {phone}. Jeder Versuch endet mit {err}.",
            "Rufen Sie bitte nach 18 Uhr unter {phone} an, ich sitze dann vor dem Gerät mit {err}.",
            "Meine PIN ist {pin}, falls Sie sie brauchen, und der Router leitet Port {port} weiter.",
            "Der Entsperrcode, den ich gesetzt habe, ist {pin}; außerdem habe ich Port {port} geöffnet, wie in Ihrer "
            "Anleitung.",
            "Falls relevant: Die Geräte-PIN ist {pin} und der Dienst lauscht auf Port {port}.",
            "Bitte antworten Sie an {email}; ich nutze Version {ver}.",
            "Schicken Sie die Antwort bitte an {email}. Unter „Über“ steht {ver}.",
            "Am besten erreichen Sie mich unter {email}; Client-Version {ver}.",
            "Es geht um die Bestellung {order}; auf dem Gerät war Firmware-Build {build}.",
            "Die Bestellung {order} kam gestern an, in den Einstellungen steht Build {build}.",
            "Vorgang {order}: das gelieferte Gerät meldet Build {build}.",
            "Der Vorbesitzer war {lcname} und das {device} zeigt noch sein Konto an.",
            "Eingerichtet hat es {lcname}, der ausgezogen ist, deshalb ist das {device} noch gesperrt.",
            "Meine Kollegin {lcname} hat das {device} eingerichtet, bevor sie die Firma verlassen hat.",
            "Meine Kundennummer ist {cust} und mein Geburtsdatum {dob}, zur Verifizierung.",
            "Zur Sicherheit: Kunde {cust}, geboren am {dob}.",
            "Kunde {cust}, Geburtsdatum {dob}; beim letzten Mal wollten Sie beides.",
            "Meine öffentliche IP ist {ip} und jede {proto}-Verbindung von dort wird abgelehnt.",
            "Wir verbinden uns von {ip}; {proto} läuft nur von dieser Adresse in einen Timeout.",
            "Die Fehler kommen von {ip}, wenn wir {proto} verwenden.",
            "Die Erstattung soll auf die IBAN {iban} gehen, nicht auf die Karte {card}; die App ({ver}) wählt "
            "immer die Karte.",
            "Bitte zurück auf {iban}: die Karte {card} wurde nach dem Update {ver} gesperrt.",
            "Die Karte {card} wurde doppelt belastet; Erstattungskonto {iban}; App-Version {ver}.",
            "Das Formular lehnt meine Steuer-ID {nid} mit Code {err} ab.",
            "Die Identitätsprüfung scheitert mit meiner Nummer {nid}: {err}.",
            "Ich habe meine Steuer-ID, {nid}, eingegeben und wieder {err} bekommen.",
        ),
        "closing": (
            "Vielen Dank im Voraus für Ihre Hilfe.", "Melden Sie sich, wenn Sie mehr Details brauchen.",
            "Haben Sie eine Idee, was da los ist?", "Ich hoffe, Sie können das schnell beheben.",
            "Gibt es bis dahin einen Workaround?", "Bitte um schnelle Antwort, das blockiert uns.",
            "Ich warte auf Ihre Rückmeldung.", "Können Sie das an die Technik weitergeben?",
            "Danke, ich freue mich auf Ihre Antwort.",
        ),
        "signoff": ("Danke,\n{signer}", "Viele Grüße\n{signer}", "Beste Grüße, {signer}",
                    "Mit freundlichen Grüßen\n{signer}", "Danke schön, {signer}", "Gruß, {signer}"),
        "name_intro": (
            "Mein Name ist {name} und ich bin Vertragsinhaber.", "Hier schreibt {name}.",
            "Ich bin {name}, seit Jahren Kunde.",
            "{name} am Apparat.", "Ich schreibe in eigener Sache, {name}.", "Hier ist {name}.",
        ),
    },
}  # fmt: skip

#: what the support agent says in a pasted chat transcript (heldout only)
AGENT_LINES = {
    "en": ("Could you confirm a few details for me?", "Thanks, I'm checking the logs now.",
           "Can you tell me what the device shows?"),
    "es": ("¿Me puede confirmar algunos datos?", "Gracias, estoy revisando los registros.",
           "¿Qué le muestra el dispositivo?"),
    "pt": ("Pode confirmar-me alguns dados?", "Obrigado, estou a verificar os registos.",
           "O que é que o equipamento mostra?"),
    "it": ("Può confermarmi qualche dato?", "Grazie, sto controllando i log.", "Cosa mostra il dispositivo?"),
    "fr": ("Pouvez-vous me confirmer quelques informations ?", "Merci, je regarde les journaux.",
           "Qu'affiche l'appareil ?"),
    "de": ("Können Sie mir ein paar Angaben bestätigen?", "Danke, ich prüfe gerade die Logs.",
           "Was zeigt das Gerät an?"),
}  # fmt: skip

#: field labels in pasted forms: one synonym per split (train, dev, heldout)
FIELDS: dict[str, dict[str, tuple[str, str, str]]] = {
    "en": {
        "order": ("Order no.", "Order #", "Reference"), "item": ("Item", "Product", "Line item"),
        "total": ("Total", "Amount charged", "Grand total"), "ship_to": ("Ship to", "Delivery address", "Deliver to"),
        "name": ("Name", "Full name", "Recipient"), "street": ("Street", "Address line 1", "Street/No."),
        "postcode": ("ZIP", "Postcode", "Postal code"), "city": ("City", "Town", "Locality"),
        "phone": ("Phone", "Mobile", "Contact no."), "email": ("Email", "E-mail address", "Contact email"),
        "customer": ("Customer ID", "Customer no.", "Client ref"), "account": ("Account no.", "Account number", "Acct"),
        "iban": ("IBAN", "IBAN for refunds", "Bank account (IBAN)"), "card": ("Card", "Card number", "Paid with"),
        "dob": ("Date of birth", "DOB", "Born"), "nid": ("SSN", "National Insurance no.", "ID number"),
        "booking": ("Booking ref", "Confirmation code", "PNR"), "passenger": ("Passenger", "Lead traveller", "Guest"),
        "plan": ("Plan", "Tariff", "Subscription"), "error": ("Error", "Error code", "Fault"),
        "version": ("Version", "App version", "Build"), "serial": ("Serial number", "S/N", "Serial"),
        "model": ("Model", "Device model", "Hardware"), "tour": ("Tour", "Excursion", "Activity"),
        "agent": ("Agent", "Support", "Advisor"),
    },
    "es": {
        "order": ("Nº de pedido", "Pedido", "Referencia"), "item": ("Artículo", "Producto", "Ref. artículo"),
        "total": ("Total", "Importe", "Total a pagar"), "ship_to": ("Enviar a", "Dirección de entrega", "Entrega en"),
        "name": ("Nombre", "Nombre completo", "Destinatario"), "street": ("Calle", "Dirección", "Domicilio"),
        "postcode": ("Código postal", "C.P.", "CP"), "city": ("Ciudad", "Población", "Localidad"),
        "phone": ("Teléfono", "Móvil", "Tlf. contacto"), "email": ("Correo", "Correo electrónico", "Email de contacto"),
        "customer": ("ID de cliente", "Nº de cliente", "Cód. cliente"), "account": ("Nº de cuenta", "Cuenta", "Cta."),
        "iban": ("IBAN", "IBAN para devoluciones", "Cuenta bancaria (IBAN)"),
        "card": ("Tarjeta", "Nº de tarjeta", "Pagado con"),
        "dob": ("Fecha de nacimiento", "F. nacimiento", "Nacido/a el"),
        "nid": ("DNI", "NIF/NIE", "Doc. identidad"), "booking": ("Localizador", "Código de reserva", "Reserva"),
        "passenger": ("Pasajero", "Viajero principal", "Huésped"), "plan": ("Tarifa", "Plan contratado", "Suscripción"),
        "error": ("Error", "Código de error", "Fallo"), "version": ("Versión", "Versión de la app", "Compilación"),
        "serial": ("Nº de serie", "S/N", "Serie"), "model": ("Modelo", "Modelo del equipo", "Hardware"),
        "tour": ("Visita", "Excursión", "Actividad"), "agent": ("Agente", "Soporte", "Asesor"),
    },
    "pt": {
        "order": ("Nº da encomenda", "Encomenda", "Referência"), "item": ("Artigo", "Produto", "Ref. artigo"),
        "total": ("Total", "Valor cobrado", "Total a pagar"),
        "ship_to": ("Enviar para", "Morada de entrega", "Entregar em"),
        "name": ("Nome", "Nome completo", "Destinatário"), "street": ("Rua", "Morada", "Endereço"),
        "postcode": ("Código postal", "C. postal", "Cód. Postal"), "city": ("Cidade", "Concelho", "Localidade"),
        "phone": ("Telefone", "Telemóvel", "Contacto"), "email": ("Email", "Endereço de email", "Email de contacto"),
        "customer": ("ID de cliente", "Nº de cliente", "Cód. cliente"), "account": ("Nº de conta", "Conta", "Conta nº"),
        "iban": ("IBAN", "IBAN para reembolso", "Conta bancária (IBAN)"),
        "card": ("Cartão", "Nº do cartão", "Pago com"),
        "dob": ("Data de nascimento", "Data nasc.", "Nascido a"), "nid": ("NIF", "Nº de contribuinte", "CPF/NIF"),
        "booking": ("Código da reserva", "Nº da reserva", "Referência da reserva"),
        "passenger": ("Passageiro", "Viajante principal", "Hóspede"), "plan": ("Tarifário", "Plano", "Subscrição"),
        "error": ("Erro", "Código de erro", "Falha"), "version": ("Versão", "Versão da app", "Compilação"),
        "serial": ("Nº de série", "S/N", "Série"), "model": ("Modelo", "Modelo do equipamento", "Hardware"),
        "tour": ("Visita", "Excursão", "Atividade"), "agent": ("Agente", "Apoio", "Assistente"),
    },
    "it": {
        "order": ("N. ordine", "Ordine", "Riferimento"), "item": ("Articolo", "Prodotto", "Cod. articolo"),
        "total": ("Totale", "Importo addebitato", "Totale da pagare"),
        "ship_to": ("Spedire a", "Indirizzo di consegna", "Consegna a"),
        "name": ("Nome", "Nome e cognome", "Destinatario"), "street": ("Via", "Indirizzo", "Via/Civico"),
        "postcode": ("CAP", "C.A.P.", "Cap"), "city": ("Città", "Comune", "Località"),
        "phone": ("Telefono", "Cellulare", "Recapito"), "email": ("Email", "Indirizzo email", "Email di contatto"),
        "customer": ("ID cliente", "Codice cliente", "Cod. cliente"), "account": ("N. conto", "Conto", "C/C"),
        "iban": ("IBAN", "IBAN per rimborso", "Conto (IBAN)"), "card": ("Carta", "Numero carta", "Pagato con"),
        "dob": ("Data di nascita", "Nato il", "Nascita"), "nid": ("Codice fiscale", "C.F.", "Cod. fiscale"),
        "booking": ("Codice prenotazione", "Prenotazione n.", "Cod. PNR"),
        "passenger": ("Passeggero", "Viaggiatore principale", "Ospite"),
        "plan": ("Offerta", "Piano", "Abbonamento"), "error": ("Errore", "Codice errore", "Guasto"),
        "version": ("Versione", "Versione app", "Build"), "serial": ("Numero di serie", "S/N", "Seriale"),
        "model": ("Modello", "Modello dispositivo", "Hardware"), "tour": ("Visita", "Escursione", "Attività"),
        "agent": ("Operatore", "Assistenza", "Consulente"),
    },
    "fr": {
        "order": ("N° de commande", "Commande", "Référence"), "item": ("Article", "Produit", "Réf. article"),
        "total": ("Total", "Montant débité", "Total TTC"), "ship_to": ("Livrer à", "Adresse de livraison", "Livraison"),
        "name": ("Nom", "Nom complet", "Destinataire"), "street": ("Rue", "Adresse", "N° et voie"),
        "postcode": ("Code postal", "Code post.", "CP"), "city": ("Ville", "Localité", "Commune"),
        "phone": ("Téléphone", "Portable", "Tél."), "email": ("E-mail", "Adresse e-mail", "Courriel"),
        "customer": ("ID client", "N° client", "Réf. client"), "account": ("N° de compte", "Compte", "Cpte"),
        "iban": ("IBAN", "IBAN de remboursement", "Compte (IBAN)"), "card": ("Carte", "N° de carte", "Payé avec"),
        "dob": ("Date de naissance", "Né(e) le", "Date naiss."), "nid": ("N° de sécurité sociale", "NIR", "N° SS"),
        "booking": ("Référence de réservation", "Code de réservation", "Dossier"),
        "passenger": ("Passager", "Voyageur principal", "Client hébergé"), "plan": ("Offre", "Forfait", "Abonnement"),
        "error": ("Erreur", "Code d'erreur", "Défaut"), "version": ("Version", "Version de l'appli", "Build"),
        "serial": ("N° de série", "S/N", "Série"), "model": ("Modèle", "Modèle de l'appareil", "Matériel"),
        "tour": ("Visite", "Excursion", "Activité"), "agent": ("Conseiller", "Support", "Agent du service client"),
    },
    "de": {
        "order": ("Bestellnr.", "Bestellung", "Vorgangsnummer"), "item": ("Artikel", "Produkt", "Art.-Nr."),
        "total": ("Summe", "Abgebuchter Betrag", "Gesamtbetrag"),
        "ship_to": ("Lieferung an", "Lieferadresse", "Versand an"),
        "name": ("Name", "Vollständiger Name", "Empfänger"), "street": ("Straße", "Anschrift", "Straße/Nr."),
        "postcode": ("Postleitzahl", "Plz.", "PLZ"), "city": ("Wohnort", "Stadt", "Ort"),
        "phone": ("Telefon", "Mobil", "Rufnummer"), "email": ("E-Mail", "E-Mail-Adresse", "Kontakt-E-Mail"),
        "customer": ("Kundennummer", "Kunden-ID", "Kd.-Nr."), "account": ("Kontonummer", "Konto", "Kto."),
        "iban": ("IBAN", "IBAN für Erstattung", "Bankverbindung (IBAN)"),
        "card": ("Karte", "Kartennummer", "Bezahlt mit"), "dob": ("Geburtsdatum", "Geb.", "Geboren am"),
        "nid": ("Steuer-ID", "Steuerliche IdNr.", "Steuer-IdNr."),
        "booking": ("Buchungsnummer", "Buchungscode", "Auftragsnr."),
        "passenger": ("Reisender", "Hauptreisender", "Gast"), "plan": ("Tarif", "Paket", "Abo"),
        "error": ("Fehler", "Fehlercode", "Störung"), "version": ("Version", "App-Version", "Build"),
        "serial": ("Seriennummer", "S/N", "SN"), "model": ("Modell", "Gerätemodell", "Hardware"),
        "tour": ("Besichtigung", "Ausflug", "Aktivität"), "agent": ("Mitarbeiter", "Support", "Berater"),
    },
}  # fmt: skip

# --------------------------------------------------------------------------------------------------
# Block layouts.  Slots in braces (see _SLOTS); {L_x} is the field label x in the ticket's language.
# Every layout pool is partitioned by _part like the vocabulary (i % 3 -> train, dev, heldout).
# --------------------------------------------------------------------------------------------------

LOG_FORMATS = (
    "{ts_iso} {level} [{thread}] {jcls} - {msg}",
    "{ts_syslog} {node} {proc}[{pid}]: {msg}",
    'time="{ts_iso}" level={level_lc} tid={tid} msg="{msg}"',
    "{ts_iso} {level} {pid} --- [{thread}] {jcls} : {msg}",
    "[{ts_bracket}] app.{level}: {msg} (pid={pid})",
    "{level}|{ts_comma}|{proc}|pid={pid}|{msg}",
)
LOG_MESSAGES = (
    "Connection to {url} failed: {err}",
    "Upstream {host} answered {http} after 30012 ms",
    "Listening on 0.0.0.0:{port}",
    "Retrying {jsym} (attempt 3 of 5)",
    "TLS handshake with {hostport} aborted during {proto} negotiation",
    "Unhandled {jexc} in worker, code {err}",
    "Loaded configuration from {path}",
    "Client library {ver} is deprecated, please upgrade",
    "Health check {url} returned {http}",
    "{proto} session dropped, reason {err}",
    "Rejected request on port {port}: {http}",
    "Cache warm-up for {jcls} finished in 812 ms",
    "Falling back to {host} after {err}",
    "Certificate for {host} expires in 3 days ({path})",
    "Consumer {jsym} stalled: {err}",
)
#: log messages that carry personal values (one line of a personal ticket's log block)
LOG_MESSAGES_PERSONAL = (
    "Login failed user={user} email={email} reason={err}",
    "Payment declined account={acct} code={err}",
    "Session opened for {email} from {ip}",
    "Refund failed for customer={cust} account={acct}: {err}",
    "Password reset requested by user={user} ip={ip}",
    "Profile updated user={user} phone={phone} account={acct}",
    "SIM swap check failed for msisdn={phone} code={err}",
    "Token refresh failed for {email} ({http})",
    "Order {order} stuck in PENDING_CAPTURE, customer={cust}",
)
JAVA_MESSAGES = (
    "Read timed out after 30000 ms calling {url}",
    "Connect to {hostport} failed: Connection refused",
    "could not execute statement; constraint [uk_order_ref]; {err}",
    "Remote host terminated the handshake ({proto})",
    "Cannot invoke {jsym}() because the return value is null",
    "Unexpected status {http} from {host}",
    "Pool exhausted on port {port}, {err}",
    "Java heap space while loading {path}",
    "Response body did not match schema {ver}",
)
JAVA_MESSAGES_PERSONAL = (
    "Duplicate entry '{email}' for key 'uk_user_email'",
    "No subscriber found for msisdn {phone}",
    "Card {card} rejected by issuer: {err}",
)
PY_MESSAGES = (
    "HTTPSConnectionPool(host='{host}', port={port}): Read timed out. (read timeout=10)",
    "'{key}'",
    "Expecting value: line 1 column 1 (char 0), upstream said {http}",
    "[Errno 104] Connection reset by peer ({host})",
    "(psycopg2.errors.UniqueViolation) duplicate key value violates unique constraint, {err}",
    "[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed for {host}",
    "Error 111 connecting to {hostport}. Connection refused.",
    "An error occurred ({err}) when calling the PutObject operation",
    "Task handler exceeded soft time limit while syncing {url}",
)
PY_MESSAGES_PERSONAL = (
    "'{email}' is not a registered customer",
    "invalid literal for int() with base 10: '{phone}'",
    "no account row for iban={iban}",
)
CURL_LAYOUTS = (
    '$ curl -s -X POST {url} \\\n  -H "Authorization: Bearer {token}" \\\n  -H "Content-Type: application/json" \\\n'
    "  -d '{\"plan\": \"{plan}\", \"contact\": \"{email_or}\"}'\n< HTTP/1.1 {http}\n{\"error\":\"{err}\"}",
    'curl -u {cred} "{url}"\ncurl: (35) {proto} connect error: {err}',
    'http POST {url} Authorization:"Bearer {token}" email={email_or}\nHTTP/1.1 {http}',
    "curl -v {url}\n*   Trying 10.20.0.4:{port}...\n* Connected to {host} (10.20.0.4) port {port}\n< HTTP/2 {status}",
    "curl --request GET --url {url} --header 'X-Api-Key: {token}'\n{\"status\": {status}, \"code\": \"{err}\"}",
    'Invoke-RestMethod -Uri "{url}" -Headers @{ Authorization = "Bearer {token}" }\n'
    "Invoke-RestMethod : The remote server returned an error: {http}.",
)  # fmt: skip
ACCESS_FORMATS = (
    '{client} - - [{ts_apache}] "GET {urlpath} HTTP/1.1" {status} 5123 "-" "{ua}"',
    "{ts_iso} {client} POST {urlpath} {status} rt=0.532 upstream={hostport}",
    '{"time":"{ts_iso}","remote":"{client}","status":{status},"path":"{urlpath}","ua":"{ua}"}',
    '{client} - {remote_user} [{ts_apache}] "POST {urlpath} HTTP/2.0" {status} 0 "{url}" "{ua}"',
    '{client} [{ts_apache}] {host} "PUT {urlpath}" {status} upstream_time=1.204',
    "{ts_iso}\t{client}\t{status}\t{urlpath}\t{ua}",
)
DIALOG_LAYOUTS = (
    "[{brand}] {L_error} {err}\n{http}\n{L_version}: {ver}",
    "{brand} {L_version} {build}\n  {L_error}: {err}\n  ({url})",
    "┌─ {brand} ─────────────┐\n│ {L_error}: {err}\n│ {L_model}: {device} · fw {fw}\n└──────────────────────┘",
    "Your device ran into a problem and needs to restart.\nStop code: {err}\n{L_version} {build}",
    "{brand}: {L_error} {err} ({proto}, {http})",
    "⚠ {brand}\n{L_error} {err}\n{L_version} {ver} · {osver}\n{path}",
)
INSTALLER_LAYOUTS = (
    "MSI (s) (1C:2C) [{ts_time}]: Product: {brand} -- Error {err}. Log file: {winpath}",
    "{ts_bracket} Setup {brand} {ver}: {L_error} {err}\n    log: {winpath}",
    "=== Logging started: {ts_bracket} ===\nAction ended {ts_time}: InstallFinalize. Return value 3.\n"
    "{L_error} {err}: {winpath}",
    "Installer exited with code {err} while writing {winpath}",
    "[{brand} Updater {ver}] could not replace {winpath} ({err})",
    "{brand} setup log ({build}): {L_error} {err}\nsee {winpath}",
)
ORDER_LAYOUTS = (
    "{L_order}: {order}\n{L_item}: 1 x {brand} {device} ({sku})\n{L_plan}: {plan}\n{L_total}: {money}\n"
    "{L_ship_to}:\n{name}\n{street}\n{postcode} {city}",
    "{L_order} {order} | {L_item}: {brand} {device}, {sku} | {L_plan}: {plan} | "
    "{L_ship_to}: {name}, {street}, {postcode} {city} | {L_phone}: {phone}",
    "{L_ship_to}\n  {L_name} ........ {name}\n  {L_street} ...... {street}\n  {pc_city}\n"
    "{L_order} ........ {order}\n{L_item} ......... {sku} / {device} (fw {fw})\n{L_total} ........ {money}",
    "{L_order}: {order} ({L_customer} {cust})\n{L_item}: {device} · {L_version} {build}\n{L_email}: {email}\n"
    "{L_card}: {card}",
    "*** {brand} ***\n{L_order}: {order}\n{L_name}: {name}\n{L_ship_to}: {street}, {city} {postcode}\n"
    "{L_item}: {sku} {device}",
    "{L_order}/{L_customer}: {order}/{cust}\n{L_name}: {upper_name}\n{L_item}: {brand} {sku} · {plan}\n"
    "{L_phone}/{L_email}: {phone}/{email}",
)
ADDRESS_LAYOUTS = (
    "{L_name}: {name}\n{L_street}: {street}\n{L_postcode}: {postcode}\n{L_city}: {city}\n{L_phone}: {phone}",
    "{name}, {street}, {postcode} {city} ({L_phone} {phone}, {L_email} {email})",
    "{L_name}: {name}\n{L_street}: {street}\n{pc_city}\n{L_dob}: {dob}",
    "{L_name}: {name} | {L_dob}: {dob} | {L_nid}: {nid}\n{L_street}: {street}, {postcode} {city}",
    "{L_customer}: {cust}\n{L_name}: {name}\n{L_street}: {street}\n{L_city}: {city} ({postcode})",
    "{L_name} / {L_email}: {name} / {email}\n{L_street}: {street}\n{pc_city}\n{L_nid}: {nid}",
)
BANK_LAYOUTS = (
    "{L_account}: {acct}\n{L_iban}: {iban}\n{L_card}: {card}\n{L_customer}: {cust}\n"
    "{brand} {L_version} {ver}: {L_error} {err}",
    "{L_customer} {cust} · {L_iban} {iban} · {L_nid} {nid} · {L_dob} {dob}\n{L_error}: {err} ({http})",
    "[{brand} {L_version} {ver}]\n{L_card} ........ {card}\n{L_account} ..... {acct}\n{L_nid} ........ {nid}\n"
    "{L_error} ....... {err}",
    "{L_name}: {name}\n{L_iban}: {iban}\n{L_plan}: {plan}\n{L_error} {err} — {osver}",
    "{brand}: {L_error} {err} | {L_account} {acct} | {L_card} {card} | {L_version} {build}",
    "{L_iban}/{L_account}: {iban}/{acct}\n{L_dob}: {dob}\n{L_plan}: {plan} ({http})",
)
BOOKING_LAYOUTS = (
    "{L_booking}: {order}\n{L_passenger}: {name}\n{L_plan}: {plan}\n{L_tour}: {landmark}\n{L_dob}: {dob}",
    "{L_booking} {order} — {L_passenger} {name} — {L_tour}: {landmark} — {L_plan} {plan} — {L_phone} {phone}",
    "{L_passenger}: {pnr_name}\n{L_booking}: {order}\n{L_tour}: {landmark} ({plan})\n{L_dob}: {dob}",
    "{brand} · {L_booking} {order}\n{L_tour}: {landmark}\n{L_email}: {email}\n{L_error}: {err}",
    "{L_passenger}: {name} ({L_dob} {dob})\n{L_booking}: {order} / {L_plan}: {plan}\n{L_tour}: {landmark}",
    "{L_booking}/{L_passenger}: {order}/{pnr_name}\n{L_tour}: {landmark}\n{L_card}: {card}\n{L_error} {err} ({http})",
)
BOOKING_PUBLIC_LAYOUTS = (
    "{brand} — {L_tour}: {landmark}\n{L_plan}: {plan}\n{L_error}: {err} ({http})",
    "{L_tour} {landmark} | {L_plan} {plan} | {L_error} {err} | {url}",
    "[{landmark}] {brand} {L_plan}={plan} {L_error}={err} {L_version}={ver}",
)
DEVICE_LAYOUTS = (
    "{L_model}: {device}\nFirmware: {fw}\n{osver}\n{L_serial}: {serial}\nIMEI: {imei}",
    "{L_model}={device}; fw={fw}; {osver}; MAC={mac}; {L_serial}={serial}",
    "| {L_model} | {device} |\n| Firmware | {fw} |\n| IMEI | {imei} |\n| MAC | {mac} |",
    "{brand} {device} (MAC {mac}) running {fw}, {proto} enabled",
    "IMEI {imei} / {osver} / {L_version} {ver}",
    "{L_serial}: {serial}\n{L_model}: {device}\nWAN: {proto}, firmware {fw}\nIMEI/MAC: {imei} / {mac}",
)
DEVICE_PUBLIC_LAYOUTS = (
    "{L_model}: {device}\nFirmware: {fw}\n{proto}: enabled\n{L_error}: {err}",
    "{L_model}={device}; fw={fw}; {osver}; port={port}",
    "| {L_model} | {device} |\n| Firmware | {fw} |\n| {proto} | on |",
)

# heldout-only shapes
DOTNET_MESSAGES = (
    "Response status code does not indicate success: {http}.",
    "The operation has timed out after 100 seconds ({host}).",
    "A network-related error occurred while connecting to {hostport} ({err}).",
)
#: (frame symbol, signature, path after C:\Users\<user>\) for a developer's own machine
DOTNET_USER_FRAMES = (
    ("Checkout.Api.Startup.Configure", "IApplicationBuilder app", r"source\repos\Checkout\src\Checkout.Api\Startup.cs"),
    ("Kiosk.App.MainForm.OnLoad", "EventArgs e", r"source\repos\Kiosk\Kiosk.App\MainForm.cs"),
)
JOURNALD_LINES = (
    "{ts_syslog} {node} kernel: Linux version {kernel} (buildd@lcy02-amd64-080)",
    "{ts_syslog} {node} systemd[1]: {unit}: Main process exited, code=exited, status=1/FAILURE",
    "{ts_syslog} {node} {proc}[{pid}]: {level}: {msg}",
    "{ts_syslog} {node} NetworkManager[{pid}]: <warn> dhcp4 (enp3s0): request timed out, {proto} lease lost",
    "{ts_syslog} {node} systemd[1]: Failed to start {unit} ({err}).",
)
K8S_LINES = (
    "{age}   Warning   BackOff     pod/{pod}   Back-off restarting failed container app",
    '{age}   Warning   Unhealthy   pod/{pod}   Readiness probe failed: Get "http://10.42.0.17:{port}/healthz": {err}',
    '{age}   Normal    Pulled      pod/{pod}   Container image "{image}:{ver}" already present on machine',
    "{age}   Warning   Failed      pod/{pod}   Error: {jexc} in startup hook",
)

# --------------------------------------------------------------------------------------------------
# Blocks per sector; heldout-only and personal-only blocks
# --------------------------------------------------------------------------------------------------

SECTOR_BLOCKS = {
    "telecom": ("log", "config", "device", "dialog", "access", "order", "address", "journald"),
    "saas": ("log", "java", "python", "dotnet", "config", "curl", "access", "k8s", "installer"),
    "ecommerce": ("order", "curl", "access", "java", "python", "dialog", "address"),
    "devices": ("device", "dialog", "installer", "log", "order", "journald"),
    "banking": ("bank", "dialog", "java", "dotnet", "curl", "log", "address", "device"),
    "delivery": ("order", "log", "python", "dialog", "device", "chat", "address"),
    "travel": ("booking", "dialog", "curl", "java", "k8s", "chat", "log"),
}
#: block shapes only the heldout split has
HELDOUT_ONLY_BLOCKS = frozenset({"dotnet", "journald", "k8s", "chat"})
#: blocks that only make sense with personal data in them
PERSONAL_ONLY_BLOCKS = frozenset({"order", "address", "bank", "chat"})

_SLOT = re.compile(r"\{(\w+)\}")
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


@dataclass
class _Doc:
    """The ticket text as it grows, with its spans (offsets are code points)."""

    parts: list[str] = field(default_factory=list)
    spans: list[dict[str, Any]] = field(default_factory=list)
    size: int = 0

    def add(self, text: str) -> None:
        self.parts.append(text)
        self.size += len(text)

    def span(self, text: str, **gold: str) -> None:
        assert text and text == text.strip(), f"bad span value {text!r}"
        self.spans.append({"start": self.size, "end": self.size + len(text), "text": text, **gold})
        self.add(text)

    @property
    def text(self) -> str:
        return "".join(self.parts)


@dataclass
class _Ctx:
    """One ticket being written: its draws, its persona (memoised values) and its document."""

    split: str
    lang: str
    locale: str
    sector: str
    personal: bool
    rng: random.Random
    fake: Faker
    doc: _Doc = field(default_factory=_Doc)
    named: bool = False  # a full name has been written: the sign-off may reuse the first name alone
    personal_line: bool = False  # the log line being written carries personal values
    memo: dict[str, str] = field(default_factory=dict)
    said: set[str] = field(default_factory=set)  # personal sentences already in the ticket
    clock: datetime = field(default_factory=lambda: datetime(2024, 1, 1))

    def pick(self, pool: Sequence[T]) -> T:
        return self.rng.choice(_part(pool, self.split))

    def phrase(self, category: str) -> str:
        return self.pick(NL[self.lang][category])

    def label(self, name: str) -> str:
        return FIELDS[self.lang][name][SPLITS.index(self.split)]

    def value(self, key: str) -> str:
        if key not in self.memo:
            self.memo[key] = " ".join(_PERSONA[key](self).split())
        return self.memo[key]

    def keep(self, text: str, kind: str) -> None:
        self.doc.span(text, action="keep", kind=kind)

    def mask(self, key: str, label: Label, text: str | None = None) -> None:
        assert self.personal, f"personal value {key} in a technical-only ticket"
        self.doc.span(self.value(key) if text is None else text, action="mask", label=label.value)

    def add(self, text: str) -> None:
        self.doc.add(text)

    def render(self, template: str) -> None:
        pos = 0
        for m in _SLOT.finditer(template):
            self.add(template[pos : m.start()])
            name = m.group(1)
            if name.startswith("L_"):
                self.add(self.label(name[2:]))
            else:
                _SLOTS[name](self)
            pos = m.end()
        self.add(template[pos:])

    def intro(self, category: str = "intro") -> None:
        self.render(self.phrase(category))
        self.add("\n")

    def tick(self) -> datetime:
        self.clock += timedelta(seconds=self.rng.randint(0, 90), milliseconds=self.rng.randint(0, 999))
        return self.clock


# --------------------------------------------------------------------------------------------------
# Value generators
# --------------------------------------------------------------------------------------------------


def _shape(rng: random.Random, shape: str) -> str:
    """'#' -> digit, '@' -> upper-case letter, '*' -> letter or digit; anything else literal."""
    out = []
    for ch in shape:
        if ch == "#":
            out.append(str(rng.randint(0, 9)))
        elif ch == "@":
            out.append(chr(rng.randint(65, 90)))
        elif ch == "*":
            out.append(rng.choice(_ALNUM))
        else:
            out.append(ch)
    return "".join(out)


def _ascii(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]", "", folded) or "user"


def _luhn_digit(digits: str) -> str:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch) * (2 if i % 2 == 0 else 1)
        total += d - 9 if d > 9 else d
    return str((10 - total % 10) % 10)


def _groups(text: str, size: int = 4) -> str:
    return " ".join(text[i : i + size] for i in range(0, len(text), size))


def _nif_pt(rng: random.Random) -> str:
    body = str(rng.choice((1, 2, 3))) + "".join(str(rng.randint(0, 9)) for _ in range(7))
    check = 11 - sum(int(d) * (9 - i) for i, d in enumerate(body)) % 11
    return body + str(0 if check >= 10 else check)


def _steuer_id(rng: random.Random) -> str:
    """German tax id: 11 digits, one digit of the first ten twice, ISO 7064 MOD 11,10 check digit."""
    while True:
        digits = rng.sample(range(10), 9)
        digits.append(rng.choice(digits))
        rng.shuffle(digits)
        if digits[0]:
            break
    product = 10
    for d in digits:
        s = (d + product) % 10 or 10
        product = s * 2 % 11
    check = 11 - product
    return "".join(map(str, digits)) + str(0 if check == 10 else check)


def _version(rng: random.Random) -> str:
    a, b, c = rng.randint(1, 24), rng.randint(0, 19), rng.randint(0, 60)
    r = rng.random()
    if r < 0.5:
        return f"{a}.{b}.{c}"
    if r < 0.65:
        return f"{a}.{b}.{c}-rc{rng.randint(1, 5)}"
    if r < 0.75:
        return f"{a}.{b}.{c}-beta.{rng.randint(1, 9)}"
    if r < 0.85:
        return f"{a}.{b}.{c}.{rng.randint(100, 9999)}"
    return f"{a}.{b}"


def _build(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return f"{rng.randint(19041, 26100)}.{rng.randint(100, 4200)}"
    return f"{rng.randint(1, 12)}.{rng.randint(0, 9)}.{rng.randint(1000, 9999)}.{rng.randint(1, 400)}"


def _os_version(rng: random.Random, style: str) -> str:
    if style == "apple":
        return f"{rng.randint(15, 18)}.{rng.randint(0, 6)}" + (f".{rng.randint(1, 3)}" if rng.random() < 0.6 else "")
    if style == "android":
        return str(rng.randint(11, 15))
    if style == "winbuild":
        return f"{rng.choice((19045, 22621, 22631, 26100))}.{rng.randint(1000, 4500)}"
    if style == "short":
        return f"{rng.randint(4, 7)}.{rng.randint(0, 1)}"
    return f"{rng.randint(2, 4)}.{rng.randint(0, 3)}.{rng.randint(0, 9)}"


def _firmware(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.3:
        major, minor, patch = rng.randint(1, 3), rng.randint(1, 12), rng.randint(10, 99)
        return f"V{major}.0.{minor}.{patch}_1.{rng.randint(0, 9)}.{rng.randint(1, 9)}"
    if r < 0.55:
        return f"{rng.randint(6, 8)}.{rng.randint(10, 99)}"
    if r < 0.8:
        return f"{rng.randint(1, 3)}.{rng.randint(0, 9)}.{rng.randint(0, 20)} Build {rng.randint(20220101, 20241231)}"
    return f"SG{rng.randint(10, 99)}.{rng.randint(100, 999)}.{rng.randint(10, 99)}.{rng.randint(10, 99)}"


def _kernel(c: _Ctx) -> str:
    return f"{c.rng.choice((5, 6))}.{c.rng.randint(1, 15)}.0-{c.rng.randint(10, 110)}-generic"


def _pod(rng: random.Random) -> str:
    return f"api-{rng.randint(0x1000000, 0xFFFFFFF):x}-{_shape(rng, '*****').lower()}"


def _port(rng: random.Random) -> str:
    return str(rng.choice(COMMON_PORTS) if rng.random() < 0.7 else rng.randint(1024, 65535))


def _street(c: _Ctx) -> str:
    name, number = c.fake.street_name(), c.rng.randint(1, 240)
    if c.lang == "en":
        return f"{number} {name}"
    if c.lang == "fr":
        return f"{number}, {name}" if c.rng.random() < 0.5 else f"{number} {name}"
    if c.lang in ("pt", "it"):
        return f"{name}, {number}"
    if c.lang == "es":
        return f"{name}, {number}" if c.rng.random() < 0.5 else f"{name} {number}, {c.rng.randint(1, 9)}º"
    return f"{name} {number}"


def _dob(c: _Ctx) -> str:
    d = c.fake.date_of_birth(minimum_age=18, maximum_age=85)
    if c.rng.random() < 0.25:
        return d.strftime("%Y-%m-%d")
    if c.locale == "en_US":
        return d.strftime("%m/%d/%Y")
    return d.strftime("%d.%m.%Y" if c.lang == "de" else "%d/%m/%Y")


def _national_id(c: _Ctx) -> str:
    if c.locale == "es_ES":
        return str(c.fake.nif() if c.rng.random() < 0.7 else c.fake.nie())
    if c.locale == "pt_BR":
        return str(c.fake.cpf())
    if c.locale == "pt_PT":
        return _nif_pt(c.rng)
    if c.locale == "de_DE":
        return _steuer_id(c.rng)
    return str(c.fake.ssn())  # en_US SSN, en_GB National Insurance number, it_IT codice fiscale, fr_FR NIR


def _username(c: _Ctx) -> str:
    f, last = _ascii(c.value("first")), _ascii(c.value("last"))
    return c.rng.choice((f[0] + last, f"{f}.{last}", f"{f}{c.rng.randint(1, 99)}", f"{last}{f[0]}", f"{f}_{last[:3]}"))


def _email(c: _Ctx) -> str:
    f, last = _ascii(c.value("first")), _ascii(c.value("last"))
    local = c.rng.choice((f"{f}.{last}", f"{f[0]}{last}", f"{f}{last}{c.rng.randint(1, 99)}", f"{last}.{f}"))
    return f"{local}@{c.fake.free_email_domain()}"


def _postcode(c: _Ctx) -> str:
    if c.locale == "en_US" and c.rng.random() < 0.5:
        return str(c.fake.zipcode_plus4())
    return str(c.fake.postcode())


def _iban(c: _Ctx) -> str:
    iban = str(c.fake.iban())
    return _groups(iban) if c.rng.random() < 0.5 else iban


def _card(c: _Ctx) -> str:
    prefix = c.rng.choice(("4", "51", "52", "53", "54", "55"))  # Visa or Mastercard, Luhn-valid
    body = prefix + "".join(str(c.rng.randint(0, 9)) for _ in range(15 - len(prefix)))
    number = body + _luhn_digit(body)
    return _groups(number) if c.rng.random() < 0.6 else number


def _imei(c: _Ctx) -> str:
    body = "35" + "".join(str(c.rng.randint(0, 9)) for _ in range(12))
    return body + _luhn_digit(body)


def _mac(c: _Ctx) -> str:
    sep = c.rng.choice((":", "-"))
    return sep.join(f"{c.rng.randint(0, 255):02X}" for _ in range(6))


#: persona values, drawn once per ticket on first use (the same e-mail in the log and the signature)
_PERSONA: dict[str, Callable[[_Ctx], str]] = {
    "first": lambda c: str(c.fake.first_name()),
    "last": lambda c: str(c.fake.last_name()),
    "name": lambda c: f"{c.value('first')} {c.value('last')}",
    "other": lambda c: f"{c.fake.first_name()} {c.fake.last_name()}",  # a second person (previous owner ...)
    "username": _username,
    "email": _email,
    "phone": lambda c: str(c.fake.phone_number()),
    "street": _street,
    "postcode": _postcode,
    "city": lambda c: str(c.fake.city()),
    "state": lambda c: str(c.fake.state_abbr()),
    "dob": _dob,
    "nid": _national_id,
    "iban": _iban,
    "card": _card,
    "ip": lambda c: str(c.fake.ipv4_public()),
    "pin": lambda c: _shape(c.rng, c.rng.choice(("####", "####", "######"))),
    "password": lambda c: str(c.fake.password(length=c.rng.randint(10, 16))),
    "token": lambda c: _shape(c.rng, c.pick(TOKEN_SHAPES)),
    "account": lambda c: _shape(c.rng, c.pick(ACCOUNT_SHAPES)),
    "customer": lambda c: _shape(c.rng, c.pick(CUSTOMER_SHAPES)),
    "order": lambda c: _shape(c.rng, c.pick(ORDER_SHAPES)),
    "serial": lambda c: _shape(c.rng, c.pick(SERIAL_SHAPES)),
    "imei": _imei,
    "mac": _mac,
}


# --------------------------------------------------------------------------------------------------
# Slots: each writes its value (and its span) into the ticket
# --------------------------------------------------------------------------------------------------


def _s_err(c: _Ctx) -> None:
    prefix, _, code = c.pick(ERROR_CODES).rpartition(" ")
    if prefix:
        c.add(prefix + " ")
    c.keep(code, "error_code")


def _s_http(c: _Ctx) -> None:
    code, reason = c.rng.choice(HTTP_STATUSES)
    c.keep(f"{code} {reason}", "http_status")


def _s_status(c: _Ctx) -> None:
    c.keep(str(c.rng.choice(HTTP_STATUSES)[0]), "http_status")


def _s_osver(c: _Ctx) -> None:
    name, style = c.pick(OS_NAMES)
    c.add(name + " ")
    c.keep(_os_version(c.rng, style), "version")


def _s_host(c: _Ctx) -> None:
    c.keep(c.pick(HOSTS), "public_url")


def _s_url(c: _Ctx) -> None:
    port = f":{c.rng.choice((8443, 443, 9443))}" if c.rng.random() < 0.15 else ""
    c.keep(f"https://{c.pick(HOSTS)}{port}{c.pick(URL_PATHS)}", "public_url")


def _s_hostport(c: _Ctx) -> None:
    _s_host(c)
    c.add(":")
    c.keep(_port(c.rng), "port")


def _s_device(c: _Ctx) -> None:
    pool = c.rng.choice(DEVICE_POOLS[c.sector])
    c.keep(c.pick(PRODUCT_MODELS[pool]), "product_model")


def _s_thread(c: _Ctx) -> None:
    n = c.rng.randint(1, 48)
    c.keep(
        c.rng.choice((f"thread-{n}", f"pool-{c.rng.randint(1, 9)}-thread-{n}", f"http-nio-{_port(c.rng)}-exec-{n}",
                      f"worker-{n}", f"ForkJoinPool.commonPool-worker-{n}")),
        "process_id",
    )  # fmt: skip


def _ts(c: _Ctx, style: str) -> None:
    t = c.tick()
    ms = t.microsecond // 1000
    text = {
        "iso": f"{t:%Y-%m-%dT%H:%M:%S}.{ms:03d}Z",
        "syslog": f"{_MONTHS[t.month - 1]} {t.day:2d} {t:%H:%M:%S}",
        "apache": f"{t.day:02d}/{_MONTHS[t.month - 1]}/{t.year}:{t:%H:%M:%S} +0000",
        "bracket": f"{t:%Y-%m-%d %H:%M:%S}",
        "comma": f"{t:%Y-%m-%d %H:%M:%S},{ms:03d}",
        "time": f"{t:%H:%M:%S}:{ms:03d}",
    }[style]
    c.keep(text, "log_timestamp")


def _s_msg(c: _Ctx) -> None:
    c.render(c.pick(LOG_MESSAGES_PERSONAL if c.personal_line else LOG_MESSAGES))


def _s_ua(c: _Ctx) -> None:
    c.keep(c.pick(BRANDS[c.sector]), "brand")
    c.add("/")
    c.keep(_version(c.rng), "version")
    c.add(" (")
    _s_osver(c)
    c.add(")")


def _s_money(c: _Ctx) -> None:
    euros, cents = c.rng.randint(5, 1400), c.rng.randint(0, 99)
    if c.locale == "en_US":
        c.add(f"${euros}.{cents:02d}")
    elif c.locale == "en_GB":
        c.add(f"£{euros}.{cents:02d}")
    else:
        c.add(f"{euros},{cents:02d} €")


def _s_signer(c: _Ctx) -> None:
    if c.named and c.rng.random() < 0.85:
        c.mask("first", Label.PERSON)  # the first name reused alone
    else:
        _s_name(c)


def _s_name(c: _Ctx) -> None:
    c.mask("name", Label.PERSON)
    c.named = True


def _s_pc_city(c: _Ctx) -> None:
    """A form line with postcode and city in one field: "City/State/ZIP: Dayton/OH/45402-1187"."""
    if c.locale == "en_US":
        c.add("City/State/ZIP: ")
        c.mask("city", Label.CITY)
        c.add(f"/{c.value('state')}/")
        c.mask("postcode", Label.POSTCODE)
    elif c.locale == "en_GB":
        c.add("Town/Postcode: ")
        c.mask("city", Label.CITY)
        c.add("/")
        c.mask("postcode", Label.POSTCODE)
    else:
        c.add(f"{c.label('postcode')}/{c.label('city')}: ")
        c.mask("postcode", Label.POSTCODE)
        c.add("/")
        c.mask("city", Label.CITY)


def _s_winpath(c: _Ctx) -> None:
    if c.personal:
        c.add("C:\\Users\\")
        c.mask("username", Label.USERNAME)
        c.add("\\")
        c.keep(c.pick(WIN_USER_SUFFIXES), "file_path")
    else:
        c.keep(c.rng.choice([p for p in _part(FILE_PATHS, c.split) if p.startswith("C:")]), "file_path")


def _or_placeholder(key: str, label: Label, placeholder: str) -> Callable[[_Ctx], None]:
    """A personal value in a personal ticket, an environment placeholder otherwise."""

    def slot(c: _Ctx) -> None:
        if c.personal:
            c.mask(key, label)
        else:
            c.add(placeholder)

    return slot


def _s_cred(c: _Ctx) -> None:
    if c.personal:
        c.mask("username", Label.USERNAME)
        c.add(":")
        c.mask("password", Label.PASSWORD)
    else:
        c.add("$SVC_USER:$SVC_PASS")


def _s_client(c: _Ctx) -> None:
    if c.personal:
        c.mask("ip", Label.IP_ADDRESS)
    else:
        c.add(c.memo.setdefault("lan_ip", f"10.{c.rng.randint(0, 40)}.{c.rng.randint(0, 255)}.{c.rng.randint(2, 254)}"))


def _keep(kind: str, draw: Callable[[_Ctx], str]) -> Callable[[_Ctx], None]:
    return lambda c: c.keep(draw(c), kind)


def _mask(key: str, label: Label, transform: Callable[[str], str] | None = None) -> Callable[[_Ctx], None]:
    if transform is None:
        return lambda c: c.mask(key, label)
    return lambda c: c.mask(key, label, transform(c.value(key)))


def _plain(draw: Callable[[_Ctx], str]) -> Callable[[_Ctx], None]:
    return lambda c: c.add(draw(c))


_SLOTS: dict[str, Callable[[_Ctx], None]] = {
    # keep
    "brand": _keep("brand", lambda c: c.pick(BRANDS[c.sector])),
    "device": _s_device,
    "sku": _keep("product_model", lambda c: c.pick(SKUS)),
    "plan": _keep("plan", lambda c: c.pick(PLANS[c.sector])),
    "landmark": _keep("landmark", lambda c: c.pick(LANDMARKS)),
    "proto": _keep("protocol", lambda c: c.pick(PROTOCOLS)),
    "err": _s_err,
    "http": _s_http,
    "status": _s_status,
    "ver": _keep("version", lambda c: _version(c.rng)),
    "build": _keep("version", lambda c: _build(c.rng)),
    "fw": _keep("version", lambda c: _firmware(c.rng)),
    "kernel": _keep("version", _kernel),
    "osver": _s_osver,
    "port": _keep("port", lambda c: _port(c.rng)),
    "hostport": _s_hostport,
    "host": _s_host,
    "url": _s_url,
    "path": _keep("file_path", lambda c: c.pick(FILE_PATHS)),
    "jcls": _keep("code_symbol", lambda c: f"{c.pick(JAVA_PACKAGES)}.{c.pick(JAVA_CLASSES)}"),
    "jsym": _keep("code_symbol", lambda c: f"{c.pick(JAVA_CLASSES)}.{c.pick(JAVA_METHODS)}"),
    "jexc": _keep("code_symbol", lambda c: c.pick(JAVA_EXCEPTIONS)),
    "key": _keep("code_symbol", lambda c: c.pick(CONFIG_KEYS)[0]),
    "unit": _keep("code_symbol", lambda c: c.rng.choice(SYSTEMD_UNITS)),
    "image": _keep("public_url", lambda c: c.rng.choice(CONTAINER_IMAGES)),
    "pid": _keep("process_id", lambda c: str(c.rng.randint(2, 65535))),
    "tid": _keep("process_id", lambda c: f"0x{c.rng.randint(0x100, 0xFFFF):x}"),
    "thread": _s_thread,
    "ts_iso": lambda c: _ts(c, "iso"),
    "ts_syslog": lambda c: _ts(c, "syslog"),
    "ts_apache": lambda c: _ts(c, "apache"),
    "ts_bracket": lambda c: _ts(c, "bracket"),
    "ts_comma": lambda c: _ts(c, "comma"),
    "ts_time": lambda c: _ts(c, "time"),
    "msg": _s_msg,
    "ua": _s_ua,
    # prose, never annotated
    "level": _plain(lambda c: c.rng.choice(("ERROR", "WARN", "ERROR", "INFO"))),
    "level_lc": _plain(lambda c: c.rng.choice(("error", "warning", "info"))),
    "node": _plain(lambda c: c.rng.choice(NODES)),
    "proc": _plain(lambda c: c.rng.choice(PROCS)),
    "urlpath": _plain(lambda c: c.pick(URL_PATHS)),
    "money": _s_money,
    "age": _plain(lambda c: f"{c.rng.randint(1, 59)}{c.rng.choice(('s', 'm'))}"),
    "pod": _plain(lambda c: c.memo.setdefault("pod", _pod(c.rng))),
    # mask
    "name": _s_name,
    "signer": _s_signer,
    "first": _mask("first", Label.PERSON),
    "lcname": _mask("other", Label.PERSON, str.lower),
    "upper_name": _mask("name", Label.PERSON, str.upper),
    "pnr_name": lambda c: c.mask("name", Label.PERSON, f"{c.value('last')}/{c.value('first')}".upper()),
    "user": _mask("username", Label.USERNAME),
    "email": _mask("email", Label.EMAIL),
    "phone": _mask("phone", Label.PHONE),
    "nid": _mask("nid", Label.NATIONAL_ID),
    "iban": _mask("iban", Label.IBAN),
    "card": _mask("card", Label.CREDIT_CARD),
    "ip": _mask("ip", Label.IP_ADDRESS),
    "pin": _mask("pin", Label.PASSWORD),
    "street": _mask("street", Label.STREET_ADDRESS),
    "postcode": _mask("postcode", Label.POSTCODE),
    "city": _mask("city", Label.CITY),
    "pc_city": _s_pc_city,
    "dob": _mask("dob", Label.DATE_OF_BIRTH),
    "acct": _mask("account", Label.ACCOUNT_NUMBER),
    "cust": _mask("customer", Label.CUSTOMER_ID),
    "order": _mask("order", Label.TICKET_NUMBER),
    "imei": _mask("imei", Label.DEVICE_ID),
    "serial": _mask("serial", Label.DEVICE_ID),
    "mac": _mask("mac", Label.DEVICE_ID),
    # personal in a personal ticket, a placeholder otherwise
    "token": _or_placeholder("token", Label.PASSWORD, "$API_TOKEN"),
    "email_or": _or_placeholder("email", Label.EMAIL, "${CONTACT_EMAIL}"),
    "remote_user": _or_placeholder("username", Label.USERNAME, "-"),
    "cred": _s_cred,
    "client": _s_client,
    "winpath": _s_winpath,
}


# --------------------------------------------------------------------------------------------------
# Blocks
# --------------------------------------------------------------------------------------------------


def _lines(c: _Ctx, templates: Sequence[str]) -> None:
    for i, template in enumerate(templates):
        if i:
            c.add("\n")
        c.render(template)


def _b_log(c: _Ctx) -> None:
    c.intro()
    fmt = c.pick(LOG_FORMATS)
    n = c.rng.randint(2, 4)
    personal_at = c.rng.randrange(n) if c.personal else -1
    for i in range(n):
        if i:
            c.add("\n")
        c.personal_line = i == personal_at
        c.render(fmt)
    c.personal_line = False


def _b_java(c: _Ctx) -> None:
    c.intro()
    _SLOTS["jexc"](c)
    c.add(": ")
    c.render(c.pick(JAVA_MESSAGES_PERSONAL if c.personal and c.rng.random() < 0.5 else JAVA_MESSAGES))
    package = c.pick(JAVA_PACKAGES)
    for _ in range(c.rng.randint(2, 4)):
        cls = c.pick(JAVA_CLASSES)
        c.add("\n\tat ")
        c.keep(f"{package}.{cls}.{c.pick(JAVA_METHODS)}", "code_symbol")
        c.add(f"({cls}.java:{c.rng.randint(20, 900)})")
    for symbol, location in c.rng.sample(_part(JDK_FRAMES, c.split), k=c.rng.randint(1, 2)):
        c.add("\n\tat ")
        c.keep(symbol, "code_symbol")
        c.add(f"({location})")
    if c.rng.random() < 0.4:
        c.add("\nCaused by: ")
        _SLOTS["jexc"](c)
        c.add(": ")
        _s_err(c)


def _b_python(c: _Ctx) -> None:
    c.intro()
    c.add("Traceback (most recent call last):\n")
    project = c.pick(UNIX_HOME_SUFFIXES)
    for _ in range(c.rng.randint(1, 2)):
        c.add('  File "')
        app_file = c.pick(PY_APP_FILES)
        if c.personal and c.rng.random() < 0.6:
            c.add("/home/")
            c.mask("username", Label.USERNAME)
            c.add("/")
            c.keep(f"{project}/{app_file}", "file_path")
        else:
            c.keep(app_file if c.rng.random() < 0.5 else f"/srv/{project}/{app_file}", "file_path")
        c.add(f'", line {c.rng.randint(12, 480)}, in ')
        c.keep(c.pick(PY_FUNCS), "code_symbol")
        c.add("\n")
    lib, func = c.pick(PY_LIB_FRAMES)
    c.add('  File "')
    c.keep(lib, "file_path")
    c.add(f'", line {c.rng.randint(40, 900)}, in ')
    c.keep(func, "code_symbol")
    c.add("\n")
    c.keep(c.pick(PY_EXCEPTIONS), "code_symbol")
    c.add(": ")
    c.render(c.pick(PY_MESSAGES_PERSONAL if c.personal and c.rng.random() < 0.5 else PY_MESSAGES))


def _b_dotnet(c: _Ctx) -> None:
    c.intro()
    c.keep(c.rng.choice(DOTNET_EXCEPTIONS), "code_symbol")
    c.add(": ")
    c.render(c.rng.choice(DOTNET_MESSAGES))
    frames = [(symbol, signature, path, False) for symbol, signature, path in DOTNET_FRAMES]
    chosen = c.rng.sample(frames, k=c.rng.randint(2, 3))
    if c.personal and c.rng.random() < 0.6:
        chosen.append((*c.rng.choice(DOTNET_USER_FRAMES), True))
    for symbol, signature, path, in_home in chosen:
        c.add("\n   at ")
        c.keep(symbol, "code_symbol")
        c.add(f"({signature}) in ")
        if in_home:
            c.add("C:\\Users\\")
            c.mask("username", Label.USERNAME)
            c.add("\\")
        c.keep(path, "file_path")
        c.add(f":line {c.rng.randint(12, 400)}")
    c.add("\n--- End of stack trace from previous location ---")


def _config_value(c: _Ctx, key: str, kind: str, quote: str) -> None:
    placeholder = "${" + re.sub(r"\W", "_", key).upper() + "}"
    if kind in ("port", "number"):
        quote = ""
    c.add(quote)
    if kind == "host":
        _s_host(c)
    elif kind == "url":
        _s_url(c)
    elif kind == "port":
        c.keep(_port(c.rng), "port")
    elif kind == "version":
        c.keep(_version(c.rng), "version")
    elif kind == "proto":
        c.keep(c.pick(PROTOCOLS), "protocol")
    elif kind == "number":
        c.add(str(c.rng.choice((30, 120, 5000, 15000, 64, 3))))
    elif kind == "path":
        c.keep(c.pick(FILE_PATHS), "file_path")
    elif not c.personal:
        c.add(placeholder)
    elif kind == "user":
        c.mask("username", Label.USERNAME)
    elif kind == "email":
        c.mask("email", Label.EMAIL)
    else:  # secret
        c.mask(c.rng.choice(("password", "token")), Label.PASSWORD)
    c.add(quote)


def _b_config(c: _Ctx) -> None:
    c.intro()
    fmt = c.pick(CONFIG_FORMATS)
    keys = list(_part(CONFIG_KEYS, c.split))
    c.rng.shuffle(keys)
    chosen = keys[: c.rng.randint(4, 6)]
    if c.personal and not any(kind in ("user", "secret", "email") for _, kind in chosen):
        chosen[-1] = next(k for k in keys if k[1] in ("user", "secret", "email"))
    head = {"json": "{\n", "ini": "[service]\n", "toml": "[service]\n", "xml": "<appSettings>\n"}.get(fmt, "")
    c.add(head)
    for i, (key, kind) in enumerate(chosen):
        last = i == len(chosen) - 1
        if fmt == "env":
            c.keep(re.sub(r"\W", "_", key).upper(), "code_symbol")
            c.add("=")
            _config_value(c, key, kind, "")
        elif fmt == "xml":
            c.add('  <add key="')
            c.keep(key, "code_symbol")
            c.add('" value="')
            _config_value(c, key, kind, "")
            c.add('" />')
        elif fmt == "json":
            c.add('  "')
            c.keep(key, "code_symbol")
            c.add('": ')
            _config_value(c, key, kind, '"')
            c.add("" if last else ",")
        else:  # yaml, ini, toml
            c.keep(key, "code_symbol")
            c.add(": " if fmt == "yaml" else " = ")
            _config_value(c, key, kind, '"' if fmt == "toml" else "")
        c.add("\n" if not last or fmt in ("json", "xml") else "")
    c.add({"json": "}", "xml": "</appSettings>"}.get(fmt, ""))


def _layout(pool: Sequence[str], intro: str = "intro", public: Sequence[str] | None = None) -> Callable[[_Ctx], None]:
    """A block drawn from a layout pool (``public``: the pool for technical-only tickets)."""

    def block(c: _Ctx) -> None:
        c.intro(intro)
        c.render(c.pick(pool if c.personal or public is None else public))

    return block


def _b_access(c: _Ctx) -> None:
    c.intro()
    fmt = c.pick(ACCESS_FORMATS)
    _lines(c, [fmt] * c.rng.randint(2, 4))


def _b_journald(c: _Ctx) -> None:
    c.intro()
    picked = sorted(c.rng.sample(range(len(JOURNALD_LINES)), k=c.rng.randint(2, 4)))
    _lines(c, [JOURNALD_LINES[i] for i in picked])


def _b_k8s(c: _Ctx) -> None:
    c.intro()
    c.add("LAST SEEN   TYPE      REASON      OBJECT   MESSAGE\n")
    picked = sorted(c.rng.sample(range(len(K8S_LINES)), k=c.rng.randint(2, 3)))
    _lines(c, [K8S_LINES[i] for i in picked])


def _b_chat(c: _Ctx) -> None:
    """A pasted chat transcript: the agent asks, the customer (first name as speaker) answers."""
    c.intro("intro_data")
    agent = AGENT_LINES[c.lang]
    answers = c.rng.sample([s for s in _part(NL[c.lang]["personal"], c.split) if s not in c.said], k=2)
    minute = c.rng.randint(0, 50)
    for i, (line, answer) in enumerate(zip(agent, answers, strict=False)):
        if i:
            c.add("\n")
        c.add(f"[10:{minute + 2 * i:02d}] {c.label('agent')}: {line}\n[10:{minute + 2 * i + 1:02d}] ")
        c.mask("first", Label.PERSON)
        c.add(": ")
        c.render(answer)


BLOCKS: dict[str, Callable[[_Ctx], None]] = {
    "log": _b_log,
    "java": _b_java,
    "python": _b_python,
    "dotnet": _b_dotnet,
    "config": _b_config,
    "curl": _layout(CURL_LAYOUTS),
    "access": _b_access,
    "dialog": _layout(DIALOG_LAYOUTS),
    "installer": _layout(INSTALLER_LAYOUTS),
    "device": _layout(DEVICE_LAYOUTS, public=DEVICE_PUBLIC_LAYOUTS),
    "order": _layout(ORDER_LAYOUTS, "intro_data"),
    "address": _layout(ADDRESS_LAYOUTS, "intro_data"),
    "bank": _layout(BANK_LAYOUTS, "intro_data"),
    "booking": _layout(BOOKING_LAYOUTS, "intro_data", public=BOOKING_PUBLIC_LAYOUTS),
    "journald": _b_journald,
    "k8s": _b_k8s,
    "chat": _b_chat,
}


# --------------------------------------------------------------------------------------------------
# Tickets
# --------------------------------------------------------------------------------------------------


@cache
def _faker(locale: str) -> Faker:
    """A Faker for ``locale`` whose draws depend on the seed alone: some locales build a pool from a set
    (it_IT's cities), whose order changes with Python's string hashing from one process to the next, so
    every provider's city pool is sorted (a split drew different Italian towns on every run before)."""
    fake = Faker(locale)
    for provider in fake.get_providers():
        cities = getattr(provider, "cities", None)
        if isinstance(cities, (list, tuple)):
            provider.cities = sorted(cities)  # type: ignore[attr-defined]
    return fake


def _ticket(split: str, seed: int, index: int, langs: Sequence[str]) -> dict[str, Any]:
    rng = random.Random(f"utility-tickets|{split}|{seed}|{index}")
    lang = langs[index % len(langs)]
    locale = rng.choice(LOCALES[lang])
    fake = _faker(locale)
    fake.seed_instance(FAKER_SEED_OFFSET[split] + seed * 1_000_003 + index)
    c = _Ctx(split=split, lang=lang, locale=locale, sector=rng.choice(SECTORS), personal=rng.random() < 0.5,
             rng=rng, fake=fake)  # fmt: skip
    c.clock = datetime(2023, 1, 1) + timedelta(minutes=rng.randint(0, 3 * 365 * 24 * 60))

    pending = rng.sample(_part(NL[lang]["personal"], split), k=rng.randint(1, 3)) if c.personal else []
    c.said.update(pending)
    if c.personal and rng.random() < 0.6:
        c.render(c.phrase("name_intro"))
        c.add(" ")
    c.render(c.phrase("opening"))
    if pending and rng.random() < 0.4:
        c.add(" ")
        c.render(pending.pop())

    candidates = [
        b
        for b in SECTOR_BLOCKS[c.sector]
        if (split == "heldout" or b not in HELDOUT_ONLY_BLOCKS) and (c.personal or b not in PERSONAL_ONLY_BLOCKS)
    ]
    chosen = rng.sample(candidates, k=min(len(candidates), rng.choice((1, 1, 2, 2, 3))))
    primary = SECTOR_BLOCKS[c.sector][0]  # the sector's typical paste (a booking for travel ...)
    if primary in candidates and primary not in chosen and rng.random() < 0.6:
        chosen[0] = primary
    for name in chosen:
        c.add("\n\n")
        BLOCKS[name](c)
        if pending and rng.random() < 0.5:
            c.add("\n\n")
            c.render(pending.pop())

    c.add("\n\n")
    for sentence in pending:
        c.render(sentence)
        c.add(" ")
    c.render(c.phrase("closing"))
    if c.personal:
        c.add("\n")
        c.render(c.phrase("signoff"))
    return {
        "id": f"ut-{split}-{seed}-{index + 1:04d}",
        "language": lang,
        "split": split,
        "text": c.doc.text,
        "spans": c.doc.spans,
    }


def check_ticket(ticket: dict[str, Any]) -> None:
    """Raise AssertionError unless the spans are sorted, non-overlapping and match the text."""
    text, previous_end = ticket["text"], 0
    for span in ticket["spans"]:
        assert previous_end <= span["start"] < span["end"] <= len(text), span
        assert text[span["start"] : span["end"]] == span["text"], span
        if span["action"] == "keep":
            assert span["kind"] in KEEP_KINDS, span
        else:
            assert span["action"] == "mask" and span["label"] in MASK_LABELS, span
        previous_end = span["end"]


def generate(split: str, n: int, seed: int, langs: Sequence[str] = LANGS) -> list[dict[str, Any]]:
    """``n`` tickets of ``split``; ticket ``i`` depends only on ``(split, seed, i, langs)``."""
    if split not in SPLITS:
        raise ValueError(f"unknown split {split!r} (expected one of {', '.join(SPLITS)})")
    if n <= 0:
        raise ValueError(f"n must be a positive integer, got {n}")
    langs = list(dict.fromkeys(langs))
    unknown = [lang for lang in langs if lang not in LANGS]
    if unknown or not langs:
        raise ValueError(f"unknown or missing language(s) {unknown} (expected some of {', '.join(LANGS)})")
    tickets = [_ticket(split, seed, i, langs) for i in range(n)]
    for ticket in tickets:
        check_ticket(ticket)
    return tickets


# --------------------------------------------------------------------------------------------------
# What each split may draw (for the tests: the slices must be disjoint)
# --------------------------------------------------------------------------------------------------

#: layout and message pools, partitioned by _part
TEMPLATE_POOLS: dict[str, Sequence[str]] = {
    "log_formats": LOG_FORMATS, "log_messages": LOG_MESSAGES, "log_messages_personal": LOG_MESSAGES_PERSONAL,
    "java_messages": JAVA_MESSAGES, "java_messages_personal": JAVA_MESSAGES_PERSONAL, "py_messages": PY_MESSAGES,
    "py_messages_personal": PY_MESSAGES_PERSONAL, "curl": CURL_LAYOUTS, "access": ACCESS_FORMATS,
    "dialog": DIALOG_LAYOUTS, "installer": INSTALLER_LAYOUTS, "order": ORDER_LAYOUTS, "address": ADDRESS_LAYOUTS,
    "bank": BANK_LAYOUTS, "booking": BOOKING_LAYOUTS, "booking_public": BOOKING_PUBLIC_LAYOUTS,
    "device": DEVICE_LAYOUTS, "device_public": DEVICE_PUBLIC_LAYOUTS, "config_formats": CONFIG_FORMATS,
}  # fmt: skip
#: used by the heldout split only (with the heldout-only blocks)
HELDOUT_TEMPLATES: tuple[str, ...] = (
    *DOTNET_MESSAGES, *JOURNALD_LINES, *K8S_LINES, *(line for lines in AGENT_LINES.values() for line in lines),
)  # fmt: skip


def template_phrases(split: str) -> frozenset[str]:
    """Every sentence template, field label, layout and message the split can use."""
    out: set[str] = set()
    for lang in LANGS:
        for pool in NL[lang].values():
            out.update(_part(pool, split))
        out.update(labels[SPLITS.index(split)] for labels in FIELDS[lang].values())
    for layouts in TEMPLATE_POOLS.values():
        out.update(_part(layouts, split))
    if split == "heldout":
        out.update(HELDOUT_TEMPLATES)
    return frozenset(out)


def vocabulary(split: str) -> dict[str, frozenset[str]]:
    """The technical/public values (and identifier shapes) the split can draw, by pool."""
    heldout = split == "heldout"
    return {
        "brand": frozenset(b for pool in BRANDS.values() for b in _part(pool, split)),
        "product_model": frozenset(
            [m for pool in PRODUCT_MODELS.values() for m in _part(pool, split)] + list(_part(SKUS, split))
        ),
        "plan": frozenset(p for pool in PLANS.values() for p in _part(pool, split)),
        "landmark": frozenset(_part(LANDMARKS, split)),
        "protocol": frozenset(_part(PROTOCOLS, split)),
        "error_code": frozenset(code.rpartition(" ")[2] for code in _part(ERROR_CODES, split)),
        "os_name": frozenset(name for name, _ in _part(OS_NAMES, split)),
        "public_url": frozenset([*_part(HOSTS, split), *(CONTAINER_IMAGES if heldout else ())]),
        "url_path": frozenset(_part(URL_PATHS, split)),
        "file_path": frozenset(
            [
                *_part(FILE_PATHS, split),
                *_part(WIN_USER_SUFFIXES, split),
                *_part(UNIX_HOME_SUFFIXES, split),
                *_part(PY_APP_FILES, split),
                *(path for path, _ in _part(PY_LIB_FRAMES, split)),
                *((p for _, _, p in DOTNET_FRAMES + DOTNET_USER_FRAMES) if heldout else ()),
            ]
        ),
        "code_symbol": frozenset(
            [
                *_part(JAVA_PACKAGES, split),
                *_part(JAVA_CLASSES, split),
                *_part(JAVA_METHODS, split),
                *_part(JAVA_EXCEPTIONS, split),
                *(s for s, _ in _part(JDK_FRAMES, split)),
                *_part(PY_FUNCS, split),
                *(f for _, f in _part(PY_LIB_FRAMES, split)),
                *_part(PY_EXCEPTIONS, split),
                *(k for k, _ in _part(CONFIG_KEYS, split)),
                *(
                    (*DOTNET_EXCEPTIONS, *(s for s, _, _ in DOTNET_FRAMES + DOTNET_USER_FRAMES), *SYSTEMD_UNITS)
                    if heldout
                    else ()
                ),
            ]
        ),
        "id_shape": frozenset(
            s
            for pool in (ORDER_SHAPES, CUSTOMER_SHAPES, ACCOUNT_SHAPES, SERIAL_SHAPES, TOKEN_SHAPES)
            for s in _part(pool, split)
        ),
    }


# --------------------------------------------------------------------------------------------------
# CLI
# --------------------------------------------------------------------------------------------------


def write_jsonl(tickets: Sequence[dict[str, Any]], out: Path) -> None:
    """Write atomically: a temporary file in the target directory, then a rename."""
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            for ticket in tickets:
                fh.write(json.dumps(ticket, ensure_ascii=False) + "\n")
        os.chmod(tmp, 0o644)  # invented values only: no need for a private file
        os.replace(tmp, out)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m eval.utility_tickets",
        description="Seeded synthetic support tickets with gold keep/mask spans (utility benchmark).",
    )
    parser.add_argument("--split", required=True, choices=SPLITS, help="train, dev or heldout (disjoint pools)")
    parser.add_argument("--n", required=True, type=_positive_int, help="number of tickets (> 0)")
    parser.add_argument("--seed", required=True, type=int, help="seed; the same seed gives the same tickets")
    parser.add_argument("--out", required=True, type=Path, help="JSONL file to write")
    parser.add_argument("--langs", nargs="+", choices=LANGS, default=list(LANGS), metavar="LANG",
                        help=f"ticket languages, round-robin (default: all of {' '.join(LANGS)})")  # fmt: skip
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    tickets = generate(args.split, args.n, args.seed, args.langs)
    write_jsonl(tickets, args.out)
    print(f"wrote {len(tickets)} {args.split} tickets to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
