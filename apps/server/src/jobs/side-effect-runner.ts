/** The app's side-effect workers: the job runner (job-runner.ts) running the handlers with the app's services. */
import type { Services } from '../context';
import { DEFAULT_JOB_POLICY, type JobPolicy, type RawSql } from '../db/job-queue';
import { createJobRunner, type JobRunner } from './job-runner';
import { describeJob } from '../operations/delivery-problems';
import { runSideEffect } from './side-effect-handlers';

export function createSideEffectRunner(
  services: Omit<Services, 'jobs'>,
  options: { rawSql?: RawSql | undefined; policy?: JobPolicy | undefined },
): JobRunner {
  return createJobRunner({
    database: services.database,
    rawSql: options.rawSql,
    policy: options.policy ?? DEFAULT_JOB_POLICY,
    run: (job) => runSideEffect(services, job),
    onFailure(job, error, final) {
      const { what } = describeJob(job);
      // Never the address: logs keep no personal data.
      console.error(`${final ? 'Gave up on' : 'Will retry'} a job (${what}): ${error.message}`);
    },
  });
}
