import { describe, expect, it } from 'vitest';
import { replyKind } from './rules';

describe('WhatsApp opt-out replies', () => {
  it.each([
    ['STOP', undefined, 'optOut'],
    ['stop', undefined, 'optOut'],
    [' Unsubscribe. ', undefined, 'optOut'],
    ['Opt-out', undefined, 'optOut'],
    ['OPTOUT', undefined, 'optOut'],
    ['Stop all!', undefined, 'optOut'],
    ['Stop promotions', 'opaque-payload', 'optOut'],
    ['Stop, which company is it?', undefined, 'text'],
    ['Please do not stop', undefined, 'text'],
    ['Yes', undefined, 'yes'],
  ])('%s (button %s) reads as %s', (text, payload, kind) => expect(replyKind(text, payload)).toBe(kind));
});
