// Which language of a script a text is written in, from its most frequent little words
// (articles, prepositions, conjunctions: a fifth to a half of any prose). Each word found
// counts for the languages that list it, shared words counting less (`de` is French,
// Spanish, Portuguese, Dutch and Romanian). Latin text is compared without its accents:
// the English model that reads a page first drops or mistakes them (été -> ete, città -> citta).
import { languageInfo, type OcrLanguage, type Script } from "./languages";

const FUNCTION_WORDS: Partial<Record<Script, Record<OcrLanguage, string>>> = {
  Latn: {
    eng: "the of and to in is that for it with as was on are be by this have from or not at which an but they has were",
    fra: "le la les de des et un une du est en que qui dans pour pas au sur ce il elle sont par avec aux ses cette nous vous ont mais",
    deu: "der die das und ist nicht ein eine zu den von mit sich des auf fur im dem sie es auch als wird bei nach wie aus werden oder zum zur bis nur am um vom ab",
    spa: "el la los las de del y que en un una es por para con no se su al lo como mas pero sus le ha este esta son",
    ita: "il la le di che e un una per non del della sono con gli lo si alla dei al nel ha questo delle anche come piu ma",
    por: "o a os as de do da dos das que e em um uma para com nao no na se por mais ao foi como mas ele ela",
    nld: "de het een en van in is dat op te zijn voor met niet die aan er ook als bij door maar om naar wordt worden dit",
    pol: "i w na z sie nie do to jest ze o jak a po co tak za od przez dla jego czy sa tylko oraz ktore ale juz pod ten bedzie przy",
    ces: "a se na v je to ze s z o do od jsou jako ale by k pro tak po jeho byl byla i ve ktery ktera tim jen behem bude budou nebo pri nez muze ktere ktery tento tato teto jsme jsem aby ani jiz vsak podle mezi az zde tedy pouze take ke",
    swe: "och i att det som en pa ar av for med till den har inte om ett var jag vi de ska kan fran men",
    ron: "si in de la a cu pe care nu se este un o din pentru mai sunt ca al ale sau fost sa vor fi pana isi",
    tur: "ve bir bu da de ile icin olan olarak gibi daha cok en ne ama o mi ki her sonra kadar ya var yok oldugu gore degil ise veya",
    ind: "dan yang di ini itu dengan untuk dari dalam tidak akan pada ke ada juga adalah oleh atau karena bisa kami kita",
    vie: "va cua la cac co trong cho duoc nhung mot nguoi khong voi da nay den tu khi nhu cung de se ra vao",
  },
  Cyrl: {
    rus: "и в не на что с по это как а но он она из к у же за от так для о то все его бы был была были",
    ukr: "і в не на що з та це як до у за від але він вона для по є із ми ви їх її було бути",
    bul: "и в не на да се от за е с по са че това как но той тя към при след ще",
  },
  Arab: {
    ara: "في من على إلى أن التي الذي عن مع هذا هذه كان ما لا أو",
    fas: "در و به از که این را با است برای آن یک می شود هم خود",
  },
};

/** A word list's languages share a word: its weight is one over how many list it. */
const INDEX = new Map<Script, Map<string, OcrLanguage[]>>();
for (const [script, lists] of Object.entries(FUNCTION_WORDS) as [Script, Record<OcrLanguage, string>][]) {
  const words = new Map<string, OcrLanguage[]>();
  for (const [language, list] of Object.entries(lists)) for (const w of list.split(" ")) words.set(w, [...(words.get(w) ?? []), language]);
  INDEX.set(script, words);
}

/** Function-word evidence needed to name a language: a couple of its own words, not a stray shared "de"... */
const MIN_EVIDENCE = 2;
/** ...and half as much again as the next language (Czech leads Polish, which shares many of its words, by 1.96 on a real page). */
const MIN_LEAD = 1.5;

const withoutAccents = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "");

/**
 * The language of `text` among those of its script that have word lists, or undefined when
 * the words do not tell (too few, or a script with one language: Greek, Hebrew, Hindi...).
 */
export function languageOfText(text: string, script: Script): OcrLanguage | undefined {
  const index = INDEX.get(script);
  if (!index) return undefined;
  const words = (script === "Latn" ? withoutAccents(text) : text).toLowerCase().split(/[^\p{L}]+/u);
  const scores = new Map<OcrLanguage, number>();
  for (const word of words) {
    const languages = index.get(word);
    for (const language of languages ?? []) scores.set(language, (scores.get(language) ?? 0) + 1 / languages!.length);
  }
  const [best, next] = [...scores].sort((a, b) => b[1] - a[1]);
  return best && best[1] >= MIN_EVIDENCE && best[1] >= MIN_LEAD * (next?.[1] ?? 0) ? best[0] : undefined;
}

/** Scripts one language of ours is written in alone: its text is that language. Devanagari is not (Hindi, Marathi, Nepali). */
const ONE_LANGUAGE: Partial<Record<Script, string>> = { Grek: "el", Hebr: "he", Hans: "zh-Hans", Hant: "zh-Hant", Jpan: "ja", Kore: "ko", Thai: "th" };

/** The language code of a text in a script: the one its words tell, or the script's only language. */
export function languageOfScript(text: string, script: Script): string | undefined {
  const told = languageOfText(text, script);
  return told ? languageInfo(told)?.code : ONE_LANGUAGE[script];
}
