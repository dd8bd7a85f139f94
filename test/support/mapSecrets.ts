import type { SecretStore } from '../../src/core/auth/sessions';

/** SecretStorage in memory, for the sign-in tests: what was stored, read back, deleted. */
export class MapSecrets implements SecretStore {
  readonly map = new Map<string, string>();
  async get(key: string) {
    return this.map.get(key);
  }
  async store(key: string, value: string) {
    this.map.set(key, value);
  }
  async delete(key: string) {
    this.map.delete(key);
  }
}
