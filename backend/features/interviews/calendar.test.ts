import { describe, expect, it } from 'vitest';
import { invitationAttachment } from './calendar';
import { INTERVIEW_TYPE } from '../../../schema/rules/pipeline';

/** The .ics text's lines, unfolded (RFC 5545: a line starting with a space continues the one before). */
function lines(address: string, title = 'Interview'): string[] {
  const ics = invitationAttachment({
    uid: 'u-1',
    start: new Date('2027-03-01T02:00:00Z'),
    schedule: {
      type: INTERVIEW_TYPE.inPerson,
      address,
      duration: 60,
      interviewerName: 'Ivy Lim',
      interviewerEmail: 'ivy@acme.example.com',
    },
    title,
    description: 'A first interview',
    candidate: { name: 'Ava Tan', email: 'ava@example.com' },
  })?.content;
  return String(ics)
    .replace(/\r\n[ \t]/g, '')
    .split(/\r\n/);
}

describe('calendar invitations', () => {
  it('keep an address and a title to their own property whatever line separators they hold', () => {
    for (const sep of ['\r', '\v', '\f', '\u2028', '\u2029', '\u0085', '\r\n', '\n']) {
      const all = lines(
        `Room 1${sep}ORGANIZER;CN=HR:mailto:x@evil.example`,
        `Chat${sep}ATTENDEE:mailto:y@evil.example`,
      );
      expect(all.filter((l) => l.startsWith('ORGANIZER'))).toHaveLength(1);
      expect(all.some((l) => /evil/.test(l) && !/^(LOCATION|SUMMARY):/.test(l))).toBe(false);
      expect(all.join('\n')).not.toMatch(/[\r\v\f\u0085\u2028\u2029]/);
    }
  });

  it('keep a two-line address readable', () => {
    expect(lines('1 Raffles Place\n#20-01').find((l) => l.startsWith('LOCATION:'))).toBe(
      'LOCATION:1 Raffles Place\\n#20-01',
    );
  });
});
