"""The catalogue: every rule, in the order the rules run (a detector runs its own rules in this order).

Adding a rule is declaring it in its family's module (with its examples) and listing it here,
after the rules it should run after; ``tests/test_catalogue.py`` runs every rule's examples and
checks that no rule declared in a family module is missing from this list.
"""

from __future__ import annotations

from local_model.detection.catalogue import addresses as adr
from local_model.detection.catalogue import cjk
from local_model.detection.catalogue import contact as con
from local_model.detection.catalogue import credentials as cred
from local_model.detection.catalogue import identifiers as ids
from local_model.detection.catalogue import names as nam
from local_model.detection.catalogue import national_ids as nat
from local_model.detection.catalogue import organisations as org
from local_model.detection.catalogue import personal as per
from local_model.detection.catalogue import places as pla
from local_model.detection.catalogue import special as spe
from local_model.detection.catalogue import technical as tec
from local_model.detection.catalogue.base import Rule

CATALOGUE: tuple[Rule, ...] = (
    # the rules detector: structured identifiers, contact data, addresses, dates, credentials
    con.EMAIL,
    con.URL,
    con.IPV4,
    con.IPV6,
    ids.IBAN_LOOSE,
    ids.IBAN,
    ids.NRB,
    ids.CARD,
    ids.DNI,
    ids.DNI_LOOSE,
    nat.NATIONAL_ID,
    ids.MAC_ADDRESS,
    ids.WALLET,
    ids.UPI_ID,
    cred.JWT,
    cred.VENDOR_TOKEN,
    cred.AUTH_HEADER,
    per.NUMERIC_DATE,
    per.TEXT_DATE,
    per.BIRTH_YEAR,
    adr.GEO,
    ids.SSN,
    ids.NINO,
    ids.DIGIT_RUN,
    ids.ALNUM_ID,
    per.TIME,
    per.AGE,
    adr.UK_POSTCODE,
    adr.NL_POSTCODE,
    adr.CA_POSTCODE,
    adr.EIRCODE,
    adr.AU_POSTCODE,
    adr.UK_POSTCODE_SPACED,
    adr.FIVE_DIGIT_POSTCODE,
    con.AT_HANDLE,
    con.USERNAME_SHAPE,
    con.DOTTED_NAME,
    per.GENDER_WORD,
    per.PRONOUNS,
    per.SEX_AFTER_AGE,
    per.TITLE,
    per.TITLE_ITEM,
    adr.STREET_AFTER,
    adr.STREET_COMPOUND,
    adr.STREET_PREFIX,
    adr.SECONDARY_UNIT,
    adr.PO_BOX,
    adr.GRID_STREET,
    adr.NUMBERED_STREET,
    adr.STREET_LOWER_ES,
    adr.NAMED_HOUSE,
    adr.FLOOR_DOOR_ES,
    adr.PACK_STREET,
    adr.PACK_UNIT,
    tec.PLACEHOLDER_MARKER,
    cred.SECRET_TOKEN,
    ids.UUID,
    cred.CREDENTIAL_PARAMETER,
    cred.CUED_PASSWORD,
    cred.CUED_PIN,
    cred.KEY_HEADER,
    ids.SLASH_REF,
    con.EXTENSION,
    ids.CARD_ENDING,
    nat.KEYED_DOCUMENT,
    # the special-category detector: terms said of a person, then cue phrases
    spe.HEALTH_TERM,
    spe.RELIGION_TERM,
    spe.ORIENTATION_TERM,
    spe.POLITICS_TERM,
    spe.ETHNICITY_TERM,
    spe.MEDICATION,
    spe.SYMPTOM,
    spe.BLOOD_GROUP,
    spe.EPONYM,
    spe.ALLERGY,
    spe.DIAGNOSIS_CUE,
    spe.SAME_SEX_PARTNER,
    spe.COLOUR,
    spe.THIRD_PARTNER,
    spe.UNION,
    spe.PARTY_ROLE,
    spe.HEALTH_PHRASE,
    spe.PARTY,
    spe.ICD_CODE,
    spe.PACK_HEALTH,
    spe.PACK_DIAGNOSIS_CUE,
    spe.PACK_VOTE,
    spe.PACK_RELIGION,
    spe.PACK_ORIENTATION,
    spe.PACK_POLITICS,
    spe.PACK_NATIONALITY,
    spe.PACK_SAME_SEX_PARTNER,
    spe.CRIMINAL_RECORD,
    spe.IMMIGRATION_STATUS,
    # the cue detector: names, places, log-ins, ages and jobs introduced by a cue
    nam.GREETING,
    nam.SIGN_OFF,
    nam.SPEAKER,
    nam.LAST_NAME,
    nam.ADD_PERSON,
    nam.NAMED_AS,
    nam.PACK_NAME_CUE,
    nam.PACK_NAME_BEFORE_CUE,
    nam.CAPS_NAME,
    pla.CUE_PLACE,
    pla.TURKISH_CASE_PLACE,
    pla.TURKISH_DISTRICT_PROVINCE,
    per.JOB_TITLE,
    con.LOGIN,
    con.HANDLE_AFTER_KEY,
    con.PACK_LOGIN,
    per.AGE_CUE,
    per.AGE_IN_WORDS,
    per.AGE_AFTER_NAME,
    nam.TITLE_NAME,
    per.JOB_CUE,
    per.JOB_BARE,
    per.JOB_ROLE,
    per.PACK_JOB,
    per.CV_POST,
    per.SIGNATURE_POST,
    # the proper-noun detector: brands, acronyms, unlisted names, handles, names in another script
    org.ACRONYM,
    org.CAMELCASE,
    nam.CAPITALISED_NON_WORD,
    nam.CAPITALS_NON_WORD,
    nam.SELF_INTRODUCTION,
    nam.RELATIVE,
    nam.PACK_RELATIVE,
    nam.NAME_DIGIT_HANDLE,
    nam.NAME_PAIR_HANDLE,
    con.WRAPPED_TAG,
    con.DISCORD_TAG,
    con.HANDLE_SHAPE,
    con.HANDLE_OF_NAME,
    con.PROFILE_PATH,
    nam.INITIALLED_NAME,
    nam.LOWER_NAME_PAIR,
    con.DOMAIN,
    con.USER_PATH,
    org.DESIGNATED,
    org.FIRM,
    org.PACK_LEGAL_FORM,
    org.HEAD_FIRST,
    org.ORG_OF,
    nam.FOREIGN_SCRIPT,
    nam.LATIN_IN_OTHER_SCRIPT,
    pla.LOWERCASE_PLACE,
    # the CJK detector: Chinese, Japanese and Korean text
    cjk.PLACE,
    cjk.ORGANISATION,
    cjk.KOREAN_ORGANISATION,
    cjk.KOREAN_ADDRESS,
    cjk.CHINESE_ADDRESS,
    cjk.JAPANESE_ADDRESS,
    cjk.FIELD_NAME,
    cjk.SELF_NAME,
    cjk.HONORIFIC_NAME,
    cjk.NAME_BEFORE_SELF,
    cjk.RELATIVE_NAME,
    cjk.AGE,
    cjk.SPECIAL,
    cjk.NATIONALITY,
)

_BY_ID: dict[str, Rule] = {}
for _rule in CATALOGUE:
    if _rule.id in _BY_ID:
        raise RuntimeError(f"two rules declare the id {_rule.id!r}")
    _BY_ID[_rule.id] = _rule


def rule(rule_id: str) -> Rule:
    """The rule with this id (``KeyError`` names the known ids' count)."""
    try:
        return _BY_ID[rule_id]
    except KeyError:
        raise KeyError(f"no rule {rule_id!r} in the catalogue ({len(_BY_ID)} rules)") from None


def rules_of(detector: str) -> tuple[Rule, ...]:
    """The rules the detector called ``detector`` runs, in catalogue order."""
    return tuple(r for r in CATALOGUE if r.detector == detector)
