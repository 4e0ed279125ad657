/**
 * docs/frameworks.md gives each framework's section a tool recipe, the faultline way: the snippets
 * themselves are compiled by snippets.test.ts and run through the real frameworks by
 * test/agent/framework-tools.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const page = readFileSync(new URL('../../docs/frameworks.md', import.meta.url), 'utf8');

/** The `ts` snippets of the section whose heading starts with `title`, up to the next `## `. */
function snippetsOf(title: string): string[] {
  const start = page.indexOf(`\n## ${title}`);
  expect(start).toBeGreaterThan(-1);
  const end = page.indexOf('\n## ', start + 1);
  const section = page.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

describe('docs/frameworks.md', () => {
  it.each([
    ['The Vercel AI SDK', "from 'ai'", /\btool\(\{[\s\S]*execute: safeTool\(/],
    ['The OpenAI Agents SDK', "from '@openai/agents'", /errorFunction: \(_context, error\) => JSON\.stringify\(toToolResult\(error\)\)/],
    ['LangChain and LangGraph', "from '@langchain/core/tools'", /\btool\(safeTool\(/],
  ] as const)('has a tool recipe in the section of %s, with the framework’s own tool()', (title, framework, faultlineWay) => {
    const recipe = snippetsOf(title).find((snippet) => snippet.includes(framework));
    expect(recipe).toMatch(faultlineWay);
    expect(recipe).toContain("from 'faultline/agent'");
  });
});
