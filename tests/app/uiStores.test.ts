import { describe, expect, it, vi } from 'vitest';
import { ToastStore } from '../../src/app/stores/ToastStore.ts';
import { ModalStore } from '../../src/app/stores/ModalStore.ts';
import { UIStore } from '../../src/app/stores/UIStore.ts';
import { WorkflowStore } from '../../src/app/stores/WorkflowStore.ts';

describe('ToastStore', () => {
  it('keeps persistent toasts, closes the others after their time, cuts details at 500', () => {
    vi.useFakeTimers();
    const t = new ToastStore();
    t.show({ kind: 'error', title: 'stays', persistent: true, details: 'x'.repeat(600) });
    t.show({ kind: 'success', title: 'goes' });
    expect(t.toasts.map((x) => x.title)).toEqual(['stays', 'goes']);
    expect(t.toasts[0].details).toBe('x'.repeat(500) + '...');
    vi.advanceTimersByTime(60_000);
    expect(t.toasts.map((x) => x.title)).toEqual(['stays']);
    vi.useRealTimers();
  });
});

describe('ModalStore', () => {
  it('stacks modals by name; the top one is active', () => {
    const m = new ModalStore();
    m.open('about');
    m.open('workflowOpen', { mode: 'list' });
    expect(m.active).toBe('workflowOpen');
    expect(m.state.get('workflowOpen')).toEqual({ open: true, mode: 'list' });
    m.open('about');
    expect(m.active).toBe('about');
    m.close('about');
    expect(m.active).toBe('workflowOpen');
    expect(m.isOpen('about')).toBe(false);
  });
});

describe('UIStore', () => {
  it('opens the NDV through the workflow store and closes the creator', () => {
    const wf = new WorkflowStore();
    const n = wf.addNode({ name: 'A', type: 't', typeVersion: 1, position: [0, 0], parameters: {} });
    const ui = new UIStore(wf);
    ui.openCreator();
    ui.openNdv(n.id);
    expect(ui.creatorOpen).toBe(false);
    expect(wf.activeNodeId).toBe(n.id);
    expect(ui.ndvNode?.name).toBe('A');
    ui.openNdv('missing');
    expect(ui.ndvNode?.name).toBe('A');
  });

  it('answers one unsaved-changes question at a time', async () => {
    const ui = new UIStore(new WorkflowStore());
    const first = ui.askUnsaved();
    const second = ui.askUnsaved();
    await expect(first).resolves.toBe('cancel');
    ui.answerUnsaved('discard');
    await expect(second).resolves.toBe('discard');
    expect(ui.unsavedPrompt).toBeUndefined();
  });
});
