// The names a text may use for a place: runs of capitalised words ("Rio de Janeiro", "Reykjavík") split into
// spans of up to four words, each with what tells a place from a common word or a person's name: where it sits in
// its run, whether a preposition of place comes before it, whether the sentence is written in Title Case (a
// headline's capitals then say nothing) and whether the same word also appears in lower case.

export interface PlaceMention {
  /** The words as written (possessive 's dropped). */
  text: string;
  words: number;
  /** The span is the whole run of capitalised words, not part of a longer name ("Lewis Hamilton"). */
  wholeRun: boolean;
  /** A capitalised word next to the span in its run is not a qualifier ("Elon Musk", "Kyiv Mayor"). */
  besideName: boolean;
  /** Preceded by "in", "at", "near", "from", … */
  afterPreposition: boolean;
  /** The sentence is in Title Case (most of its words capitalised): its runs tell nothing. */
  titleCase: boolean;
  /** The span opens its sentence (where any word is capitalised). */
  sentenceStart: boolean;
  /** The run goes on with a word that makes it an organisation's name ("New York Times", "Manchester United"). */
  beforeOrganisation: boolean;
  /** A news agency's dateline ("OTTAWA, April 14 (Reuters) -"): where the story was filed. */
  dateline: boolean;
}

/** Lower-case words allowed inside a place's name ("Rio de Janeiro", "Newcastle upon Tyne"). */
const CONNECTORS = new Set(['de', 'do', 'da', 'dos', 'das', 'del', 'la', 'le', 'les', 'el', 'of', 'upon', 'am', 'an', 'der', 'di', 'du', 'on', 'sur']);

/** Words that say where: the capitalised word after them is more likely a place. */
const PREPOSITIONS = new Set(['in', 'at', 'near', 'from', 'outside', 'across', 'around', 'into', 'to', 'towards', 'toward']);

/** Capitalised words that qualify a place rather than make a name with it ("Central London", "Greater Manchester"). */
const QUALIFIERS = new Set([
  'north', 'south', 'east', 'west', 'northern', 'southern', 'eastern', 'western', 'central', 'greater', 'downtown',
  'upper', 'lower', 'inner', 'outer', 'metro', 'old', 'city', 'port', 'county', 'province', 'region', 'state',
]);

/** Words after a place's name that make the whole an organisation, a team or an event rather than the place. */
const ORGANISATION_WORDS = new Set([
  'times', 'post', 'journal', 'herald', 'tribune', 'gazette', 'chronicle', 'magazine', 'review', 'daily', 'news', 'standard',
  'fashion', 'week', 'university', 'college', 'stock', 'exchange', 'giants', 'yankees', 'mets', 'knicks', 'jets', 'united',
  'city', 'fc', 'club', 'rangers', 'lakers', 'clippers', 'rams', 'chargers', 'raiders', 'dolphins', 'heat', 'marathon',
  'convention', 'accord', 'agreement', 'protocol', 'summit', 'group', 'bank', 'airlines', 'airways', 'motors',
]);

const CAPITALISED = /^\p{Lu}[\p{L}\p{M}'’-]*$/u;
/** Zero-width characters some feeds sprinkle through their text (they would hide a capital). */
const INVISIBLE = /[\u00ad\u200b-\u200f\u2060\ufeff]/gu;
/** "OTTAWA, April 14 (Reuters) -", "KYIV (AP) —", "BRASILIA, April 14 -": capitals, then a comma or an agency. */
const DATELINE = /(?:^|\n)\s*([\p{Lu}][\p{Lu}\p{M}'’. -]{2,40}?)(?:,[^\n]{0,40}?)?\s+(?:\((?:Reuters|AP|AFP|dpa|UPI|Bloomberg)\)\s*)?[-–—]/u;
const ACRONYM = /^[\p{Lu}\d]{2,}$/u;
const MAX_SPAN = 4;

interface Token {
  word: string;
  /** The token ended with punctuation that breaks a name (comma, closing quote, …). */
  breakAfter: boolean;
}

function tokens(sentence: string): Token[] {
  return sentence
    .split(/\s+/)
    .map((raw) => {
      const breakAfter = /[,()"“”«»[\]/]$/.test(raw) || /^[,()"“”«»[\]/]/.test(raw);
      const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').replace(/['’]s$/u, '');
      return { word, breakAfter };
    })
    .filter((token) => token.word.length > 0);
}

function isName(word: string): boolean {
  return CAPITALISED.test(word) && !ACRONYM.test(word);
}

/** Sentences (and headline parts split by a dash, colon or bar). */
function sentences(text: string): string[] {
  return text.split(/(?<=[.!?;:|])\s+|\s+[-–—|]\s+|\n+/u).map((part) => part.trim()).filter(Boolean);
}

/** Every word of the text written in lower case (folded by case only), to tell "nice" the word from "Nice". */
export function lowerCaseWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const match of text.matchAll(/(?<![\p{L}\p{N}])\p{Ll}[\p{L}\p{M}'’-]*/gu)) words.add(match[0].toLowerCase());
  return words;
}

/** The text without the zero-width characters that would split or hide a word. */
export function visibleText(text: string): string {
  return text.replace(INVISIBLE, '');
}

export function placeMentions(raw: string): PlaceMention[] {
  const text = visibleText(raw);
  const mentions: PlaceMention[] = [];
  const dateline = DATELINE.exec(text)?.[1]?.trim();
  if (dateline && !/\p{Ll}/u.test(dateline)) {
    const words = dateline.split(/\s+/).length;
    mentions.push({ text: dateline, words, wholeRun: true, besideName: false, afterPreposition: false, titleCase: false, sentenceStart: true, beforeOrganisation: false, dateline: true });
  }
  for (const sentence of sentences(text)) {
    const words = tokens(sentence);
    const long = words.filter((token) => token.word.length > 3);
    const titleCase = long.length >= 3 && long.filter((token) => isName(token.word)).length / long.length >= 0.6;
    let index = 0;
    while (index < words.length) {
      if (!isName(words[index]!.word)) {
        index += 1;
        continue;
      }
      // A run: capitalised words, with connectors only between two of them.
      const run: string[] = [words[index]!.word];
      const before = index > 0 ? words[index - 1]!.word.toLowerCase() : '';
      let end = index;
      while (!words[end]!.breakAfter && end + 1 < words.length) {
        const next = words[end + 1]!.word;
        if (isName(next)) {
          run.push(next);
          end += 1;
        } else if (CONNECTORS.has(next) && end + 2 < words.length && isName(words[end + 2]!.word) && !words[end + 1]!.breakAfter) {
          run.push(next, words[end + 2]!.word);
          end += 2;
        } else break;
      }
      for (let start = 0; start < run.length; start += 1) {
        if (CONNECTORS.has(run[start]!)) continue;
        for (let stop = start; stop < Math.min(run.length, start + MAX_SPAN); stop += 1) {
          if (CONNECTORS.has(run[stop]!)) continue;
          const neighbours = [run[start - 1], run[stop + 1]].filter((word): word is string => word !== undefined && !CONNECTORS.has(word));
          mentions.push({
            text: run.slice(start, stop + 1).join(' '),
            words: stop - start + 1 - run.slice(start, stop + 1).filter((word) => CONNECTORS.has(word)).length,
            wholeRun: start === 0 && stop === run.length - 1,
            besideName: neighbours.some((word) => !QUALIFIERS.has(word.toLowerCase())),
            afterPreposition: start === 0 && PREPOSITIONS.has(before),
            titleCase,
            sentenceStart: start === 0 && index === 0,
            beforeOrganisation: ORGANISATION_WORDS.has(run[stop + 1]?.toLowerCase() ?? ''),
            dateline: false,
          });
        }
      }
      index = end + 1;
    }
  }
  return mentions;
}
