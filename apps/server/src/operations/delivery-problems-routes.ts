/**
 * Delivery problems (Admins): GET delivery-problems/ lists the side-effect jobs given up on after their last
 * retry; POST delivery-problems/:id/retry/ runs one again, DELETE delivery-problems/:id/ discards it.
 */
import { action, type Action } from '../http/action';
import { iso } from '@parking/domain/api-values';
import { describeJob, listDeliveryProblems, settleDeliveryProblem } from './delivery-problems';

export const deliveryProblemActions: Action[] = [
  action({
    method: 'GET',
    path: 'delivery-problems/',
    access: 'admin',
    readOnly: true,
    async handle(ctx) {
      const problems = await listDeliveryProblems(ctx);
      return {
        data: problems.map((problem) => {
          const { what, to } = describeJob(problem.job);
          return {
            type: 'delivery-problems',
            id: problem.id,
            attributes: {
              what,
              to,
              lastError: problem.lastError,
              attempts: problem.attempts,
              failedAt: iso(problem.failedAt),
              created: iso(problem.createdAt),
            },
          };
        }),
        meta: { count: problems.length },
      };
    },
  }),
  action({
    method: 'POST',
    path: 'delivery-problems/:id/retry/',
    pathId: 'text',
    access: 'admin',
    transaction: true,
    status: 204,
    async handle(ctx, { params }) {
      await settleDeliveryProblem(ctx, params.id ?? '', 'retry');
    },
  }),
  action({
    method: 'DELETE',
    path: 'delivery-problems/:id/',
    pathId: 'text',
    access: 'admin',
    transaction: true,
    status: 204,
    async handle(ctx, { params }) {
      await settleDeliveryProblem(ctx, params.id ?? '', 'discard');
    },
  }),
];
