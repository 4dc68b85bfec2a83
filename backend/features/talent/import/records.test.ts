import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell, csvCells, parseRecord, recordBatches } from './records';

/** Every record of a file as [row, values or error], read in pieces of `chunkBytes`. */
async function read(file: string, chunkBytes?: number, batchSize = 3) {
  let header: string[] | undefined;
  const out: [number, Record<string, unknown> | string][] = [];
  for await (const batch of recordBatches(file, batchSize, (h) => (header = h), chunkBytes)) {
    expect(batch.texts.length).toBeLessThanOrEqual(batchSize);
    batch.texts.forEach((text, i) => {
      const parsed = parseRecord(text, header);
      out.push([batch.rows[i], parsed.error ?? parsed.values]);
    });
  }
  return { header, records: out };
}

describe('Reading import files', () => {
  let dir: string;
  const file = async (name: string, content: string) => {
    const p = path.join(dir, name);
    await writeFile(p, content);
    return p;
  };
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'import-files-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const TRICKY = [
    '\ufeffemail, name ,note',
    'a@x.io,"Lim, Ana","said ""hi""\r\non two lines"',
    '',
    'b@x.io,5\'11" tall,plain "quoted" words',
    'c@x.io,"closed"after,',
    '\r',
    'd@x.io,"",""""',
    'e@x.io,Née Ūla,最后',
  ].join('\r\n');
  const EXPECTED = [
    [2, { email: 'a@x.io', name: 'Lim, Ana', note: 'said "hi"\r\non two lines' }],
    [3, { email: 'b@x.io', name: '5\'11" tall', note: 'plain "quoted" words' }],
    [4, { email: 'c@x.io', name: 'closedafter', note: '' }],
    [5, { email: 'd@x.io', name: '', note: '"' }],
    [6, { email: 'e@x.io', name: 'Née Ūla', note: '最后' }],
  ];

  it('CSV: quoted commas, quotes and line breaks, stray quotes in plain cells, CRLF, a byte-order mark and blank lines, whatever the piece size', async () => {
    const p = await file('tricky.csv', TRICKY);
    // Pieces of one byte split every quote pair, line break and multi-byte character.
    for (const chunkBytes of [1, 2, 3, 5, 8, 13, 64, 1 << 20]) {
      const { header, records } = await read(p, chunkBytes);
      expect(header, `header, pieces of ${chunkBytes}`).toEqual(['email', 'name', 'note']);
      expect(records, `pieces of ${chunkBytes}`).toEqual(EXPECTED);
    }
  });

  it('CSV: one cell read alone is the cell read with the others', () => {
    for (const text of [
      'a@x.io,"Lim, Ana","said ""hi"", twice"',
      '"q@x.io","",""""',
      'x,"closed"after,',
      ',,',
      'only',
      '"open,ended',
    ]) {
      const cells = csvCells(text);
      for (let i = 0; i < cells.length; i += 1) expect(csvCell(text, i), `${text} [${i}]`).toBe(cells[i]);
      expect(csvCell(text, cells.length)).toBe('');
    }
  });

  it('CSV: one quoted cell of three million doubled quotes (9 MB) is read whole, alone or with the others', async () => {
    const text = `x@y.io,"${'a""'.repeat(3_000_000)}",z`;
    const cells = csvCells(text);
    expect(cells.map((c) => c.length)).toEqual([6, 6_000_000, 1]);
    expect(cells[1].slice(0, 6)).toBe('a"a"a"');
    expect(csvCell(text, 1).length).toBe(6_000_000);
    expect(csvCell(text, 2)).toBe('z');
    const { records } = await read(await file('hostile.csv', `email,note,tail\n${text}\nb@x.io,ok,1\n`));
    expect(records.map(([row, values]) => [row, (values as Record<string, string>).email])).toEqual([
      [2, 'x@y.io'],
      [3, 'b@x.io'],
    ]);
  });

  it('CSV: a record with the wrong number of cells is an error of its own row; the rows after it still read', async () => {
    const p = await file('cells.csv', 'email,name\na@x.io,Ana,extra\nb@x.io\n"c@x.io","Chen"\n');
    expect((await read(p, 4)).records).toEqual([
      [2, 'expected 2 cells, found 3'],
      [3, 'expected 2 cells, found 1'],
      [4, { email: 'c@x.io', name: 'Chen' }],
    ]);
  });

  it('CSV: lines ended by CR alone, and a last line without a line break', async () => {
    const p = await file('mac.csv', 'email,name\ra@x.io,"Ana\rLim"\rb@x.io,Bo');
    expect((await read(p, 3)).records).toEqual([
      [2, { email: 'a@x.io', name: 'Ana\rLim' }],
      [3, { email: 'b@x.io', name: 'Bo' }],
    ]);
  });

  it('CSV: a quote left open runs to the end of the file and is reported once', async () => {
    const p = await file('open.csv', 'email,name\na@x.io,Ana\nb@x.io,"Bo\nc@x.io,Chen\n');
    expect((await read(p, 2)).records).toEqual([
      [2, { email: 'a@x.io', name: 'Ana' }],
      [3, { email: 'b@x.io', name: 'Bo\nc@x.io,Chen\n' }],
    ]);
  });

  it('JSON Lines: rows are line numbers, blank lines count, bad lines are errors of their own', async () => {
    const p = await file('people.jsonl', '{"email":"a@x.io","skills":["Go"]}\n\n[1,2]\n{oops\r\n{"email":"b@x.io"}');
    for (const chunkBytes of [1, 7, 1 << 20]) {
      expect((await read(p, chunkBytes)).records).toEqual([
        [1, { email: 'a@x.io', skills: ['Go'] }],
        [3, 'not a JSON object'],
        [4, 'not valid JSON'],
        [5, { email: 'b@x.io' }],
      ]);
    }
  });

  it('Batches hold the requested number of records and report the bytes read', async () => {
    const lines = ['email'];
    for (let i = 0; i < 25; i += 1) lines.push(`p${i}@x.io`);
    const p = await file('many.csv', `${lines.join('\n')}\n`);
    const sizes: number[] = [];
    let last = 0;
    for await (const batch of recordBatches(p, 10, () => undefined, 16)) {
      sizes.push(batch.texts.length);
      expect(batch.bytesRead).toBeGreaterThanOrEqual(last);
      last = batch.bytesRead;
      expect(batch.rows[0]).toBe(2 + sizes.slice(0, -1).reduce((a, b) => a + b, 0));
    }
    expect(sizes).toEqual([10, 10, 5]);
    expect(last).toBe(Buffer.byteLength(`${lines.join('\n')}\n`));
  });
});
