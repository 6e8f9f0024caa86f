// The Worker's rebuild trigger: the deploy hook (functions/core/deploy-hook.ts) when DEPLOY_HOOK_URL
// is set. Without it nothing can rebuild the pages, which is a valid set-up (pages built and
// deployed by hand or by CI), so changes are only logged and the admin shows no publishing.
import { DeployHookTrigger } from '#core/deploy-hook.ts';
import type { WorkerConfig } from './config.ts';
import type { DatabaseSession } from './database.ts';
import type { WorkerRebuild } from './handler.ts';

export const noDeployHook: WorkerRebuild = {
  schedule: (reason) => console.log(`[rebuild] not requested, DEPLOY_HOOK_URL is unset (${reason})`),
  state: () => ({ publishing: false, last_published_at: null, last_error: null }),
  idle: async () => {},
  runDue: async () => 'nothing due',
};

export function deployHookRebuild(config: WorkerConfig, db: DatabaseSession['db']): WorkerRebuild {
  return config.deployHookUrl ? new DeployHookTrigger({ db, url: config.deployHookUrl }) : noDeployHook;
}
