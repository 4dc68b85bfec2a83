import { describe, expect, it } from 'vitest';
import { entities, entity, isWritable } from '../../schema';
import { f } from '../../schema/lib/fields';
import type { FieldDef } from '../../schema/lib/types';
import { fieldSchema, parseRecord } from '../../schema/validation/entitySchemas';

const ruleOf = (def: FieldDef, value: unknown) => {
  const parsed = fieldSchema(def).safeParse(value);
  return parsed.success
    ? { value: parsed.data }
    : { rule: parsed.error.issues[0].message, path: parsed.error.issues[0].path };
};

/** Each field kind's compiled schema: what it stores, and the rule a wrong value breaks (the API's message key suffix). */
describe('A field declaration compiles to the zod schema every side validates with', () => {
  it.each([
    ['a string is trimmed', f.string({ max: 5 }), '  abc ', { value: 'abc' }],
    ['a string too long', f.string({ max: 5 }), 'abcdefg', { rule: 'tooLong', path: [] }],
    [
      'a string breaking its pattern names the declared key',
      f.string({ pattern: /^[a-z]+$/, patternMessage: 'tags.errors.icon' }),
      'A1',
      { rule: 'tags.errors.icon', path: [] },
    ],
    ['an email is lower-cased', f.email(), ' Ann@Example.COM ', { value: 'ann@example.com' }],
    ['a malformed email', f.email(), 'ann@', { rule: 'invalid', path: [] }],
    ['a Singapore mobile as written there is stored in E.164', f.phone(), '+65 9123 4567', { value: '+6591234567' }],
    ['a link without a scheme becomes https', f.url(), 'example.com/a', { value: 'https://example.com/a' }],
    ['a whole number sent as text', f.integer(), ' 42 ', { value: 42 }],
    ['a fraction where a whole number is wanted', f.integer(), 1.5, { rule: 'notWholeNumber', path: [] }],
    ['a number under its minimum', f.integer({ min: 1 }), 0, { rule: 'tooSmall', path: [] }],
    ['a flag sent as text', f.boolean(), 'false', { value: false }],
    ['a date keeps its day', f.date(), '2024-02-29T10:00:00Z', { value: '2024-02-29' }],
    ['a day that does not exist', f.date(), '2023-02-29', { rule: 'invalid', path: [] }],
    ['an enum id sent as text', f.enum({ a: 1, b: 2 }), '2', { value: 2 }],
    ['an enum id not declared', f.enum({ a: 1, b: 2 }), 3, { rule: 'invalid', path: [] }],
    ['a prefixed reference', f.ref('company'), 'Company:7', { value: 7 }],
    ['a reference of another entity', f.ref('company'), 'Candidate:7', { rule: 'invalid', path: [] }],
    ['a reference list without duplicates', f.refList('country', { max: 2 }), [1, '1', 2], { value: [1, 2] }],
    ['a reference list over its size', f.refList('country', { max: 2 }), [1, 2, 3], { rule: 'tooMany', path: [] }],
    ['an enum list', f.enumList({ a: 1, b: 2 }), [1, 1, 2], { value: [1, 2] }],
    ['json too large', f.json({ max: 10 }), { a: 'long enough' }, { rule: 'tooLong', path: [] }],
    ['json that is text', f.json(), 'text', { rule: 'invalid', path: [] }],
    [
      'an object list item missing a required key is named by index and key',
      f.objectList({ date: f.date({ required: true }), note: f.string() }),
      [{ date: '2025-01-01' }, { note: 'x' }],
      { rule: 'required', path: [1, 'date'] },
    ],
    [
      'an object list fills absent keys',
      f.objectList({ date: f.date({ required: true }), note: f.string() }),
      [{ date: '2025-01-01' }],
      { value: [{ date: '2025-01-01', note: null }] },
    ],
  ] as [string, FieldDef, unknown, object][])('%s', (_, def, value, expected) => {
    expect(ruleOf(def, value)).toEqual(expected);
  });

  it('Every writable field of every entity compiles', () => {
    for (const e of entities)
      for (const def of Object.values(e.fields)) if (isWritable(def)) expect(fieldSchema(def)).toBeDefined();
  });
});

describe('A record is checked as a create or an update, with the API message keys', () => {
  const project = entity('project');

  it('A create lacking required fields names each one; an update checks only what it carries', () => {
    const created = parseRecord(project, {}, { mode: 'create' });
    expect(created.errors).toMatchObject({
      title: 'title.errors.required',
      jobTitleId: 'jobTitleId.errors.required',
      headcount: 'headcount.errors.required',
    });
    expect(parseRecord(project, { title: ' Engineer ' }, { mode: 'update' })).toEqual({ data: { title: 'Engineer' } });
  });

  it('Problems inside a list read as the list key and the item key', () => {
    const result = parseRecord(
      project,
      { dateTimeSlots: [{ date: '2025-01-01', startTime: '25:00', endTime: '10:00' }] },
      { mode: 'update' },
    );
    expect(result.errors).toEqual({ 'dateTimeSlots.0.startTime': 'dateTimeSlots.startTime.errors.invalid' });
  });

  it('Fields outside the writer’s writable set are ignored', () => {
    expect(
      parseRecord(project, { title: 'A', comments: 'B' }, { mode: 'update', writable: new Set(['title']) }),
    ).toEqual({ data: { title: 'A' } });
  });

  it('The candidate’s cross-field rules refine a valid write, and child lists are checked by their own schema', () => {
    const candidate = entity('candidate');
    const today = { date: '2025-06-01', year: 2025 };
    const result = parseRecord(
      candidate,
      {
        skills: [{ skillId: 1 }, { skillId: 1 }],
        experiences: [{ title: 'Engineer', company: 'Acme', startDate: '2025-05-01', endDate: '2025-01-01' }],
      },
      { mode: 'update', rules: { existing: {}, today }, children: true },
    );
    expect(result.errors).toMatchObject({
      skills: 'skills.errors.duplicate',
      'experiences.0.endDate': 'experiences.endDate.errors.beforeStart',
    });
  });
});
