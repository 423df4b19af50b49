// Run linking between the input and the output panel (spec 001 §4.3): when both show the same
// number of runs, above 1, picking a run on one side picks it on the other, until the user
// unlinks them. One link per open node; opening another node starts linked again.
import { action, makeObservable, observable } from 'mobx';

class RunLink {
  nodeId: string | undefined = undefined;
  linked = true;
  /** The shared run (-1: the latest). */
  runIndex = -1;
  inputRuns = 0;
  outputRuns = 0;

  constructor() {
    makeObservable(this, { nodeId: observable, linked: observable, runIndex: observable, inputRuns: observable, outputRuns: observable, forNode: action, setRuns: action, setRunIndex: action, setLinked: action });
  }

  forNode(nodeId: string): void {
    if (this.nodeId === nodeId) return;
    this.nodeId = nodeId;
    this.linked = true;
    this.runIndex = -1;
    this.inputRuns = 0;
    this.outputRuns = 0;
  }

  setRuns(side: 'input' | 'output', n: number): void {
    if (side === 'input') this.inputRuns = n;
    else this.outputRuns = n;
  }

  /** Whether the counts allow linking (same run count above 1). */
  get linkable(): boolean {
    return this.inputRuns > 1 && this.inputRuns === this.outputRuns;
  }

  get active(): boolean {
    return this.linked && this.linkable;
  }

  setRunIndex(i: number): void {
    this.runIndex = i;
  }

  setLinked(on: boolean, currentRun: number): void {
    this.linked = on;
    if (on) this.runIndex = currentRun;
  }
}

export const runLink = new RunLink();
