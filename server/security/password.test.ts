import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, useCheapPasswordHashingForTests, verifyPassword } from './password';

// Another test file in this worker may have made hashing cheap: this one checks the real cost.
let restoreCost: () => void;
beforeAll(() => {
  restoreCost = useCheapPasswordHashingForTests(false);
});
afterAll(() => restoreCost());

describe('password hashing', () => {
  it("hashes with OWASP's scrypt parameters, and verifies", async () => {
    const stored = await hashPassword('Correcta-Caballo-9');
    expect(stored).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(await verifyPassword('Correcta-Caballo-9', stored)).toBe(true);
    expect(await verifyPassword('correcta-caballo-9', stored)).toBe(false);
  });
});
