"""Personal-data taxonomy and the typed entity (span) model.

Every detector in the project returns :class:`Entity` objects: a span of the
input text with a label from :class:`Label`, the stratum and severity the
taxonomy gives that label, a confidence score and the detector that produced
it.  Offsets are Python string indices (code points), ``start`` inclusive and
``end`` exclusive, and ``text`` must equal ``source_text[start:end]``
(checked by :meth:`Entity.verify`).

Label mappings
--------------
``AI4PRIVACY_TO_LABEL`` and ``PRESIDIO_TO_LABEL`` map the labels of the
ai4privacy pii-masking-300k corpus and Presidio's entity types onto ours.  The
mapping is many-to-one where the finer distinction carries no privacy meaning
for us (GIVENNAME1/2 and LASTNAME1/2/3 are all ``PERSON``: a name is one
direct identifier however it is split).
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, model_validator


class Stratum(StrEnum):
    """The four strata of the mission's taxonomy."""

    DIRECT = "direct_identifier"
    QUASI = "quasi_identifier"
    SPECIAL = "special_category"
    DOMAIN = "domain_identifier"


class Severity(StrEnum):
    MEDIUM = "medium"
    HIGH = "high"
    MAXIMUM = "maximum"


#: the strata whose values identify a person or are special categories: what must never leave
#: the boundary raw (egress check), what the leak gate and the judges count, what the audit flags
IDENTIFYING_STRATA = frozenset({Stratum.DIRECT, Stratum.DOMAIN, Stratum.SPECIAL})

#: weights of the severity-weighted leak fraction f
SEVERITY_WEIGHT = {Severity.MAXIMUM: 1.0, Severity.HIGH: 0.8, Severity.MEDIUM: 0.4}


class Operation(StrEnum):
    """What minimization does with an entity before it leaves the boundary."""

    PSEUDONYMIZE = "pseudonymize"
    GENERALIZE = "generalize"
    REDACT = "redact"
    KEEP = "keep"


class Label(StrEnum):
    """Entity labels.  Adding a type means adding a member and a taxonomy row."""

    # direct identifiers
    PERSON = "PERSON"
    USERNAME = "USERNAME"
    EMAIL = "EMAIL"
    PHONE = "PHONE"
    NATIONAL_ID = "NATIONAL_ID"  # SSN, DNI/NIE, NIR, BSN, Steuer-ID ...
    ID_CARD = "ID_CARD"
    PASSPORT = "PASSPORT"
    DRIVER_LICENSE = "DRIVER_LICENSE"
    IBAN = "IBAN"
    CREDIT_CARD = "CREDIT_CARD"
    IP_ADDRESS = "IP_ADDRESS"
    URL = "URL"
    PASSWORD = "PASSWORD"
    STREET_ADDRESS = "STREET_ADDRESS"
    BUILDING_NUMBER = "BUILDING_NUMBER"
    SECONDARY_ADDRESS = "SECONDARY_ADDRESS"
    GEO_COORDINATE = "GEO_COORDINATE"
    # quasi identifiers
    DATE_OF_BIRTH = "DATE_OF_BIRTH"
    DATE = "DATE"
    TIME = "TIME"
    AGE = "AGE"
    GENDER = "GENDER"
    TITLE = "TITLE"
    POSTCODE = "POSTCODE"
    CITY = "CITY"
    STATE = "STATE"
    COUNTRY = "COUNTRY"
    LOCATION = "LOCATION"
    ORGANIZATION = "ORGANIZATION"
    JOB = "JOB"
    NRP = "NRP"  # nationality, religious or political group (Presidio's type)
    # special categories (GDPR art. 9; criminal records art. 10; immigration status)
    HEALTH = "HEALTH"
    RELIGION = "RELIGION"
    POLITICS = "POLITICS"
    SEXUAL_ORIENTATION = "SEXUAL_ORIENTATION"
    ETHNICITY = "ETHNICITY"
    BIOMETRIC = "BIOMETRIC"
    CRIMINAL_RECORD = "CRIMINAL_RECORD"  # convictions, sentences, parole, tagging, charges (GDPR art. 10)
    IMMIGRATION_STATUS = "IMMIGRATION_STATUS"  # asylum, refugee, irregular status, removal orders
    # domain identifiers
    CONTRACT_NUMBER = "CONTRACT_NUMBER"
    POLICY_NUMBER = "POLICY_NUMBER"
    ACCOUNT_NUMBER = "ACCOUNT_NUMBER"
    LINE_NUMBER = "LINE_NUMBER"
    MEDICAL_RECORD_NUMBER = "MEDICAL_RECORD_NUMBER"
    TICKET_NUMBER = "TICKET_NUMBER"
    CUSTOMER_ID = "CUSTOMER_ID"
    DEVICE_ID = "DEVICE_ID"


class TaxonomyEntry(BaseModel):
    model_config = ConfigDict(frozen=True)

    stratum: Stratum
    severity: Severity
    operation: Operation


def _t(stratum: Stratum, severity: Severity, operation: Operation) -> TaxonomyEntry:
    return TaxonomyEntry(stratum=stratum, severity=severity, operation=operation)


_D = _t(Stratum.DIRECT, Severity.HIGH, Operation.PSEUDONYMIZE)
_Q = _t(Stratum.QUASI, Severity.MEDIUM, Operation.GENERALIZE)
_S = _t(Stratum.SPECIAL, Severity.MAXIMUM, Operation.REDACT)
_DOM = _t(Stratum.DOMAIN, Severity.HIGH, Operation.PSEUDONYMIZE)

#: Default stratum / severity / operation per label.  Domain schemas
#: (configs/domains/*.yaml) may override severity and operation per domain.
TAXONOMY: dict[Label, TaxonomyEntry] = {
    Label.PERSON: _D,
    Label.USERNAME: _D,
    Label.EMAIL: _D,
    Label.PHONE: _D,
    Label.NATIONAL_ID: _D,
    Label.ID_CARD: _D,
    Label.PASSPORT: _D,
    Label.DRIVER_LICENSE: _D,
    Label.IBAN: _D,
    Label.CREDIT_CARD: _D,
    Label.IP_ADDRESS: _D,
    Label.URL: _D,
    Label.PASSWORD: _t(Stratum.DIRECT, Severity.MAXIMUM, Operation.REDACT),
    Label.STREET_ADDRESS: _t(Stratum.DIRECT, Severity.HIGH, Operation.GENERALIZE),
    Label.BUILDING_NUMBER: _t(Stratum.DIRECT, Severity.HIGH, Operation.REDACT),
    Label.SECONDARY_ADDRESS: _t(Stratum.DIRECT, Severity.HIGH, Operation.REDACT),
    Label.GEO_COORDINATE: _t(Stratum.DIRECT, Severity.HIGH, Operation.GENERALIZE),
    Label.DATE_OF_BIRTH: _Q,
    Label.DATE: _Q,
    Label.TIME: _Q,
    Label.AGE: _Q,
    Label.GENDER: _Q,
    Label.TITLE: _Q,
    Label.POSTCODE: _Q,
    Label.CITY: _Q,
    Label.STATE: _Q,
    Label.COUNTRY: _Q,
    Label.LOCATION: _Q,
    Label.ORGANIZATION: _Q,
    Label.JOB: _Q,
    Label.NRP: _S,
    Label.HEALTH: _S,
    Label.RELIGION: _S,
    Label.POLITICS: _S,
    Label.SEXUAL_ORIENTATION: _S,
    Label.ETHNICITY: _S,
    Label.BIOMETRIC: _S,
    Label.CRIMINAL_RECORD: _S,
    Label.IMMIGRATION_STATUS: _S,
    Label.CONTRACT_NUMBER: _DOM,
    Label.POLICY_NUMBER: _DOM,
    Label.ACCOUNT_NUMBER: _DOM,
    Label.LINE_NUMBER: _DOM,
    Label.MEDICAL_RECORD_NUMBER: _DOM,
    Label.TICKET_NUMBER: _DOM,
    Label.CUSTOMER_ID: _DOM,
    Label.DEVICE_ID: _DOM,
}

#: ai4privacy pii-masking-300k label -> our label.
AI4PRIVACY_TO_LABEL: dict[str, Label] = {
    "GIVENNAME1": Label.PERSON,
    "GIVENNAME2": Label.PERSON,
    "LASTNAME1": Label.PERSON,
    "LASTNAME2": Label.PERSON,
    "LASTNAME3": Label.PERSON,
    "USERNAME": Label.USERNAME,
    "EMAIL": Label.EMAIL,
    "TEL": Label.PHONE,
    "IDCARD": Label.ID_CARD,
    "PASSPORT": Label.PASSPORT,
    "DRIVERLICENSE": Label.DRIVER_LICENSE,
    "SOCIALNUMBER": Label.NATIONAL_ID,
    "BOD": Label.DATE_OF_BIRTH,
    "DATE": Label.DATE,
    "TIME": Label.TIME,
    "SEX": Label.GENDER,
    "TITLE": Label.TITLE,
    "STREET": Label.STREET_ADDRESS,
    "BUILDING": Label.BUILDING_NUMBER,
    "SECADDRESS": Label.SECONDARY_ADDRESS,
    "CITY": Label.CITY,
    "STATE": Label.STATE,
    "POSTCODE": Label.POSTCODE,
    "COUNTRY": Label.COUNTRY,
    "GEOCOORD": Label.GEO_COORDINATE,
    "IP": Label.IP_ADDRESS,
    "PASS": Label.PASSWORD,
}

#: Presidio entity type -> our label (types Presidio ships by default).
PRESIDIO_TO_LABEL: dict[str, Label] = {
    "PERSON": Label.PERSON,
    "EMAIL_ADDRESS": Label.EMAIL,
    "PHONE_NUMBER": Label.PHONE,
    "CREDIT_CARD": Label.CREDIT_CARD,
    "IBAN_CODE": Label.IBAN,
    "IP_ADDRESS": Label.IP_ADDRESS,
    "URL": Label.URL,
    "DATE_TIME": Label.DATE,
    "LOCATION": Label.LOCATION,
    "GPE": Label.LOCATION,
    "ORGANIZATION": Label.ORGANIZATION,
    "ORG": Label.ORGANIZATION,
    "NRP": Label.NRP,
    "US_SSN": Label.NATIONAL_ID,
    "US_ITIN": Label.NATIONAL_ID,
    "US_PASSPORT": Label.PASSPORT,
    "US_DRIVER_LICENSE": Label.DRIVER_LICENSE,
    "US_BANK_NUMBER": Label.ACCOUNT_NUMBER,
    "UK_NHS": Label.MEDICAL_RECORD_NUMBER,
    "UK_NINO": Label.NATIONAL_ID,
    "ES_NIF": Label.NATIONAL_ID,
    "ES_NIE": Label.NATIONAL_ID,
    "IT_FISCAL_CODE": Label.NATIONAL_ID,
    "MEDICAL_LICENSE": Label.ID_CARD,
    "CRYPTO": Label.ACCOUNT_NUMBER,
    "AGE": Label.AGE,
}


class Entity(BaseModel):
    """One detected (or gold) span of personal data."""

    model_config = ConfigDict(frozen=True)

    label: Label
    text: str
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    stratum: Stratum
    severity: Severity
    score: float = Field(default=1.0, ge=0.0, le=1.0)
    source: str = "unknown"

    @model_validator(mode="after")
    def _check_offsets(self) -> Entity:
        if self.end <= self.start:
            raise ValueError(f"empty or inverted span [{self.start}, {self.end})")
        if len(self.text) != self.end - self.start:
            raise ValueError("span text length does not match its offsets")
        return self

    @classmethod
    def make(cls, source_text: str, start: int, end: int, label: Label, score: float, source: str) -> Entity:
        """Build an entity from offsets into ``source_text`` (the text is sliced, never trusted)."""
        entry = TAXONOMY[label]
        return cls(
            label=label,
            text=source_text[start:end],
            start=start,
            end=end,
            stratum=entry.stratum,
            severity=entry.severity,
            score=score,
            source=source,
        )

    def verify(self, source_text: str) -> bool:
        """True when the span's text is exactly what the source text holds at its offsets."""
        return self.end <= len(source_text) and source_text[self.start : self.end] == self.text

    def __repr__(self) -> str:  # never print the value itself
        return (
            f"Entity(label={self.label.value}, start={self.start}, end={self.end}, "
            f"score={self.score:.2f}, source={self.source!r})"
        )

    __str__ = __repr__
