// `faultline report`'s arguments: what each asks for, and the bad ones refused with what is wrong.
import { describe, expect, it } from 'vitest';
import { reportCommand, UsageError } from '../../src/cli/command-line.js';

const NOW = Date.parse('2025-06-02T07:00:00.000Z');
const command = (...args: string[]) => reportCommand(args, NOW);

describe('reportCommand', () => {
  it('reads files, with the defaults', () => {
    expect(command('a.jsonl', 'b.jsonl.gz', '-')).toEqual({ files: ['a.jsonl', 'b.jsonl.gz', '-'], by: ['code'], json: false, limit: 20 });
  });

  it.each([
    [['--by', 'provider,code'], ['provider', 'code']],
    [['--by', 'provider', '--by', 'model'], ['provider', 'model']],
    [['--by', 'tool, code,tool'], ['tool', 'code']],
    [['--by', 'category'], ['category']],
  ])('groups by %j', (args, by) => {
    expect(command('x.jsonl', ...args)?.by).toEqual(by);
  });

  it.each([
    ['12h', Date.parse('2025-06-01T19:00:00.000Z')],
    ['30m', Date.parse('2025-06-02T06:30:00.000Z')],
    ['1.5d', Date.parse('2025-05-31T19:00:00.000Z')],
    ['2w', Date.parse('2025-05-19T07:00:00.000Z')],
    ['45s', Date.parse('2025-06-02T06:59:15.000Z')],
    ['2025-06-01T22:00:00Z', Date.parse('2025-06-01T22:00:00.000Z')],
    ['2025-06-01', Date.parse('2025-06-01T00:00:00.000Z')],
    ['1748815200000', 1_748_815_200_000],
  ])('reads --since %s', (since, time) => {
    expect(command('x.jsonl', '--since', since)?.since).toBe(time);
  });

  it('takes --json, --html, --limit and --until', () => {
    expect(command('x.jsonl', '--json', '--html', 'report.html', '--limit', '0', '--until', '1h')).toEqual({
      files: ['x.jsonl'], by: ['code'], json: true, html: 'report.html', limit: 0, until: NOW - 3_600_000,
    });
  });

  it('reads Postgres with a query, its trailing semicolon dropped', () => {
    expect(command('--postgres', 'postgresql://localhost/app', '--query', 'SELECT error FROM failures; ')?.postgres).toEqual({
      url: 'postgresql://localhost/app', query: 'SELECT error FROM failures',
    });
  });

  it('reads Postgres from a table and a column, each name quoted as an identifier', () => {
    expect(command('--postgres', 'postgresql://localhost/app', '--table', 'ops.agent errors', '--column', 'err"or', '--time-column', 'created_at')?.postgres).toEqual({
      url: 'postgresql://localhost/app', query: 'SELECT "err""or", "created_at" FROM "ops"."agent errors"',
    });
  });

  it('says --help by returning no command', () => {
    expect([command('--help'), command('-h', 'x.jsonl')]).toEqual([undefined, undefined]);
  });

  it.each([
    [[], 'give a file (- for standard input) or --postgres'],
    [['x.jsonl', '--by', 'host'], "--by: 'host' is not one of code, provider, model, tool, category"],
    [['x.jsonl', '--since', 'yesterday'], "--since: 'yesterday' is not a time (ISO 8601, epoch ms, or an age such as 30m, 12h, 7d)"],
    [['x.jsonl', '--since', '1h', '--until', '2h'], '--since is after --until'],
    [['x.jsonl', '--limit=-1'], "--limit must be a whole number, 0 or more; got '-1'"],
    [['x.jsonl', '--limit', 'ten'], "--limit must be a whole number, 0 or more; got 'ten'"],
    [['-', '-'], '- (standard input) may be given once'],
    [['--query', 'SELECT 1'], '--query needs --postgres <url>'],
    [['--postgres', 'postgresql://localhost/app'], '--postgres needs --query <sql>, or --table <name> and --column <name>'],
    [['--postgres', 'postgresql://localhost/app', '--table', 't'], '--postgres needs --query <sql>, or --table <name> and --column <name>'],
    [['--postgres', 'postgresql://localhost/app', '--query', 'SELECT 1', '--table', 't'], 'give --query, or --table and --column, not both'],
    [['--postgres', 'postgresql://localhost/app', '--query', ' ; '], '--query is empty'],
    [['x.jsonl', '--colour'], 'unknown option --colour'],
    [['x.jsonl', '--html'], "Option '--html <value>' argument missing"],
  ])('refuses %j: %s', (args, message) => {
    expect(() => command(...args)).toThrow(new UsageError(message));
  });
});
