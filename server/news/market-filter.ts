// Futures and market-tape stories, which summaries leave out unless INCLUDE_FUTURES is set and not `0`.
const MARKET_MOVE = new RegExp(
  [
    String.raw`\bfutures\b`,
    String.raw`\b(stocks?|shares|equities|bonds?|treasuries|yields?|currenc(y|ies)|forex|commodit(y|ies)|bitcoin|crypto(currency|currencies)?)\b.{0,40}\b(rise|rises|rose|fall|falls|fell|gain|gains|gained|drop|drops|dropped|slip|slips|slipped|jump|jumps|jumped|surge|surges|surged|slump|slumps|slumped|rally|rallies|rallied|climb|climbs|climbed|tumble|tumbles|tumbled|edge|edges|edged|steady|flat|mixed|higher|lower)\b`,
    String.raw`\b(dow jones|dow|s&p 500|s&p|nasdaq|ftse|dax|cac 40|nikkei|hang seng|sensex|nifty|kospi|asx 200|stoxx|russell 2000)\b`,
    String.raw`\b(wall street|market(s)? (open|close|closes|opens|wrap|rally|rallies|selloff|sell-off|slide|slides))\b`,
    String.raw`\b(pre-?market|after-?hours trading|trading session|market tape)\b`,
    String.raw`\b(brent|wti|crude|gold|silver|copper|wheat|soybeans?|corn)\b.{0,30}\b(prices?|per barrel|an ounce|per ounce|a bushel)\b`,
    String.raw`\b(dollar|euro|yen|yuan|sterling|pound|rupee)\b.{0,20}\b(rises|falls|gains|slips|weakens|strengthens|firms|steadies)\b`,
  ].join('|'),
  'i',
);

/** True for stories about futures, prices of traded assets, indices and other market moves. */
export function isMarketMove(story: { title: string; summary?: string | null }): boolean {
  return MARKET_MOVE.test(story.title) || (story.summary ? MARKET_MOVE.test(story.summary.slice(0, 300)) : false);
}
