import type { AnyResource } from './resource';
import { errors } from './errors';

/** Every JSON:API type the server knows, by name: includes and relationship checks resolve through it. */
export class Registry {
  private readonly byType = new Map<string, AnyResource>();

  add(def: AnyResource): void {
    if (this.byType.has(def.type)) throw new Error(`Resource ${def.type} registered twice`);
    this.byType.set(def.type, def);
  }

  find(type: string): AnyResource | undefined {
    return this.byType.get(type);
  }

  get(type: string): AnyResource {
    const def = this.byType.get(type);
    if (!def) throw errors.notFound();
    return def;
  }

  all(): AnyResource[] {
    return [...this.byType.values()];
  }
}
