/**
 * English function words that carry no retrieval signal. Deliberately small and generic (no domain words
 * such as "get", "data" or "api": those are dropped by IDF when they are common, kept when they are not).
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both ' +
    'but by can could did do does doing down during each few for from further had has have having he her here hers ' +
    'herself him himself his how i if in into is it its itself just me more most my myself no nor not of off on ' +
    'once only or other our ours ourselves out over own same she should so some such than that the their theirs ' +
    'them themselves then there these they this those through to too under until up very was we were what when ' +
    'where which while who whom why will with would you your yours yourself yourselves im ive youre ' +
    'lets please want wants like need needs also eg ie etc looking help find know using use provide give now ' +
    // What is left of a contraction or possessive split at its apostrophe ("user's", "I'm", "don't", "we'll"), as
    // in NLTK's English list: "s" alone matched every tool whose text has a possessive.
    's t d ll m re ve don isn aren wasn weren doesn didn hasn haven hadn won wouldn couldn shouldn mustn needn ain'
  ).split(' '),
);
