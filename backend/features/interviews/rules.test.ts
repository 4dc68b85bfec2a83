/** The side-free rules of interview requests, table by table (backend/features/interviews/rules.ts and the WhatsApp webhook reader). */
import { describe, expect, it } from 'vitest';
import { readWebhook, signBody, whatsappFor } from '../../adapters/whatsapp';
import { loadConfig } from '../../config';
import {
  answerOutcome,
  companyShown,
  interviewStart,
  jdTextErrors,
  kindOf,
  projectAnswerable,
  replyKind,
  requestBody,
} from './rules';

const NOW = new Date('2026-11-24T12:00:00Z');
const LATER = new Date('2026-11-27T12:00:00Z');
const EARLIER = new Date('2026-11-24T11:00:00Z');

describe('What an answer does to a request', () => {
  it.each([
    [0, LATER, 'approve', 'approved'],
    [0, LATER, 'reject', 'rejected'],
    [0, LATER, 'check', 'checked'],
    [0, EARLIER, 'approve', 'expired'],
    [0, NOW, 'check', 'expired'],
    [1, LATER, 'reject', 'used'],
    [2, LATER, 'approve', 'used'],
    [1, EARLIER, 'check', 'used'],
    [3, LATER, 'approve', 'expired'],
  ] as const)('state %i, expiring %s, answer %s → %s', (state, expiresAt, answer, outcome) => {
    expect(answerOutcome({ state, expiresAt }, answer, NOW)).toBe(outcome);
  });
});

describe('Whether a request can still be answered', () => {
  it.each([
    [0, 1, 1, true],
    [0, null, null, true],
    [1, 1, 1, false],
    [3, 1, 1, false],
    [0, 1, 2, false],
    [0, 1, 0, false],
  ] as const)('project status %i, company %s (status %s) → %s', (status, companyId, companyStatus, answerable) => {
    expect(projectAnswerable({ status, companyId, companyStatus })).toBe(answerable);
  });
  it('not once the project is gone', () => expect(projectAnswerable(undefined)).toBe(false));
});

describe('Request kinds and texts', () => {
  it.each([
    ['request_interview', 'interview'],
    ['request_public', 'whitelist'],
    ['anything else', 'whitelist'],
  ])('%s sends a %s request', (action, kind) => expect(kindOf(action)).toBe(kind));

  it.each([
    [{ jdHeader: 'h'.repeat(60), jdText: 'b'.repeat(1024), jdFooter: 'f'.repeat(60) }, {}],
    [{ jdHeader: 'h'.repeat(61) }, { jdHeader: 'jdHeader.errors.tooLong' }],
    [{ jdText: 'b'.repeat(1025) }, { jdText: 'jdText.errors.tooLong' }],
    [{ jdFooter: 'f'.repeat(61), jdText: null }, { jdFooter: 'jdFooter.errors.tooLong' }],
  ])('limits header 60, body 1024, footer 60: %#', (parts, errors) => expect(jdTextErrors(parts)).toEqual(errors));

  it.each([
    ['Given text', 'Project text', 'Given text'],
    [null, 'Project text', 'Project text'],
    ['   ', null, null],
    [null, 'x'.repeat(2000), `${'x'.repeat(1023)}…`],
  ])('the body sent is the text given, else the project description within 1024: %#', (given, project, body) =>
    expect(requestBody(given, project)).toBe(body),
  );

  it.each([
    [{ isConfidential: true }, 'Acme', 'a company'],
    [{ isConfidential: false }, 'Acme', 'Acme'],
    [{ isConfidential: false }, null, 'a company'],
  ])('the company is named unless the project is confidential: %#', (project, name, shown) =>
    expect(companyShown(project, name, 'a company')).toBe(shown),
  );
});

describe('WhatsApp replies', () => {
  it.each([
    ['Yes', undefined, 'yes'],
    ['yes!', undefined, 'yes'],
    ['OK', undefined, 'yes'],
    ['No', undefined, 'no'],
    ['not interested', undefined, 'no'],
    ['Yes, if remote', undefined, 'text'],
    ['Tell me more', undefined, 'text'],
    ['Interested', 'qualify_no', 'no'],
  ])('%s (button %s) reads as %s', (text, payload, kind) => expect(replyKind(text, payload)).toBe(kind));

  it('reads statuses, text replies and quick-reply buttons from the Cloud API payload, and nothing from other shapes', () => {
    const events = readWebhook({
      entry: [
        {
          changes: [
            {
              value: {
                statuses: [{ id: 'wamid.1', status: 'delivered' }, { id: 5 }],
                messages: [
                  { from: '6591234567', type: 'text', text: { body: 'Yes' }, context: { id: 'wamid.1' } },
                  { from: '6591234568', type: 'button', button: { text: 'No', payload: 'qualify_no' } },
                  { from: '6591234569', type: 'image' },
                ],
              },
            },
          ],
        },
      ],
    });
    expect(events).toEqual({
      statuses: [{ id: 'wamid.1', status: 'delivered' }],
      replies: [
        { from: '6591234567', text: 'Yes', contextId: 'wamid.1', payload: undefined },
        { from: '6591234568', text: 'No', contextId: undefined, payload: 'qualify_no' },
      ],
    });
    for (const junk of [null, 'x', { entry: 'x' }, { entry: [{ changes: [{ value: null }] }] }])
      expect(readWebhook(junk)).toEqual({ statuses: [], replies: [] });
  });

  it('verifies signatures of the raw body in constant time and the verification challenge', () => {
    const adapter = whatsappFor(loadConfig({ secret: 'test-secret-for-hmac-only', env: 'test' }));
    const body = '{"entry":[]}';
    expect(adapter.verifySignature(body, signBody(adapter.appSecret, body))).toBe(true);
    expect(adapter.verifySignature(`${body} `, signBody(adapter.appSecret, body))).toBe(false);
    expect(adapter.verifySignature(body, 'sha256=abc')).toBe(false);
    expect(adapter.verifySignature(body, undefined)).toBe(false);
    expect(adapter.verifyChallenge({ mode: 'subscribe', token: adapter.verifyToken, challenge: '42' })).toBe('42');
    expect(adapter.verifyChallenge({ mode: 'subscribe', token: 'nope', challenge: '42' })).toBeUndefined();
    expect(
      adapter.verifyChallenge({ mode: 'unsubscribe', token: adapter.verifyToken, challenge: '42' }),
    ).toBeUndefined();
  });
});

describe('When a proposed interview starts', () => {
  it.each([
    [{ timezone: 'Asia/Singapore', slots: ['2026-12-03T09:00', '2026-12-01T10:00'] }, [], '2026-12-01T02:00:00.000Z'],
    [
      { timezone: 'Asia/Singapore', slots: ['2026-01-01T10:00', '2026-12-03T09:00'] },
      [{ date: '2026-12-01', startTime: '10:00' }],
      '2026-12-03T01:00:00.000Z',
    ],
    [{ timezone: 'America/New_York', slots: ['2026-12-01T10:00'] }, [], '2026-12-01T15:00:00.000Z'],
    [{ timezone: 'Asia/Singapore' }, [{ date: '2026-12-01', startTime: '10:00' }], '2026-12-01T02:00:00.000Z'],
    [
      { timezone: 'Asia/Singapore' },
      [
        { date: '2026-11-01', startTime: '10:00' },
        { date: '2026-12-02', startTime: '09:30' },
      ],
      '2026-12-02T01:30:00.000Z',
    ],
    [null, [{ date: '2026-12-01', startTime: '10:00' }], '2026-12-01T10:00:00.000Z'],
    [{ timezone: 'Not/AZone' }, [{ date: '2026-12-01', startTime: '10:00' }], '2026-12-01T10:00:00.000Z'],
    [{}, [], undefined],
  ])('%j with slots %j starts %s', (schedule, slots, start) =>
    expect(interviewStart(schedule, slots, NOW)?.toISOString()).toBe(start),
  );
});
