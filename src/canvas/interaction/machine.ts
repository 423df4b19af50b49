// The interaction state machine: feeds pointer input to the current state and collects the
// effects it plans. Pure and synchronous, so tests drive it with synthetic events.
import { Idle, type State } from './states.ts';
import type { Effect, MachineContext, PointerInput } from './types.ts';

export class InteractionMachine {
  private state: State = new Idle();

  get stateName(): string {
    return this.state.name;
  }

  handle(ev: PointerInput, ctx: MachineContext): Effect[] {
    const out: Effect[] = [];
    this.state = this.state.handle(ev, ctx, out);
    return out;
  }

  /** Abandons any gesture (Escape, blur, document replaced). */
  cancel(ctx: MachineContext): Effect[] {
    return this.handle({ type: 'cancel', sx: 0, sy: 0, wx: 0, wy: 0, button: 0, shift: false, mod: false, space: false }, ctx);
  }
}
