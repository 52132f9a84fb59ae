import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it("hashes with OWASP's scrypt parameters unless a test asked for cheap ones, and verifies", async () => {
    const stored = await hashPassword('Correcta-Caballo-9');
    expect(stored).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(await verifyPassword('Correcta-Caballo-9', stored)).toBe(true);
    expect(await verifyPassword('correcta-caballo-9', stored)).toBe(false);
  });
});
