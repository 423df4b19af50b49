import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { runWorkflow } from '../../commands/runWorkflow.ts';
import { useStores } from '../../stores/context.ts';

/** Runs the open workflow; a save that a run needed first moves the URL to the new id. */
export function useRunWorkflow(): () => void {
  const root = useStores();
  const [, navigate] = useLocation();
  return useCallback(() => void runWorkflow(root, { onCreated: (id) => navigate(`/workflow/${id}`) }), [root, navigate]);
}
