import { describe, expect, it } from 'vitest';
import { devRoutesMounted } from './routes';

describe('The development outbox', () => {
  it('is mounted outside production, and a public https server outside production refuses to start', () => {
    expect(devRoutesMounted({ env: 'development', publicUrl: 'http://localhost:3000' })).toBe(true);
    expect(devRoutesMounted({ env: 'test', publicUrl: 'https://talent.example.com' })).toBe(true);
    expect(devRoutesMounted({ env: 'production', publicUrl: 'https://talent.example.com' })).toBe(false);
    expect(() => devRoutesMounted({ env: 'development', publicUrl: 'https://talent.example.com' })).toThrow(
      /NODE_ENV=production/,
    );
  });
});
