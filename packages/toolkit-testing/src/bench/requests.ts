/** Requests a user of the corpus servers might make (written for the benches; not tuned to the index). */
export const BENCH_REQUESTS: readonly string[] = [
  'What is the current stock price of Tesla?',
  'Find recent arXiv papers about diffusion models for video generation',
  'Read the file README.md in my project and summarise it',
  'Search the web for reviews of the new Pixel phone',
  'What will the weather be like in Lisbon tomorrow?',
  'Create a pie chart of our quarterly revenue by region',
  'List the open pull requests in the repository',
  'Translate this paragraph into Spanish',
  'Get the latest news headlines about climate policy',
  'Convert 250 US dollars to euros',
  'Take a screenshot of the page at example.com',
  'Show me the directions from the airport to the hotel',
  'Save a note that the meeting moved to Friday',
  'What time is it in Tokyo right now?',
  'Look up the definition of the word serendipity',
  'Run this Python snippet and show me the output',
];

/**
 * The conversation of a turn in the middle of a task, framework-neutral: small talk, the request,
 * one tool call (`get_current_time`, id `c1`) and its result. Each toolkit's bench turns it into
 * its framework's message objects.
 */
export const BENCH_PRELUDE = {
  greeting: 'Hi, I need some help today.',
  reply: 'Sure, what can I do?',
  call: { id: 'c1', name: 'get_current_time', result: '{"time":"10:02"}' },
} as const;
