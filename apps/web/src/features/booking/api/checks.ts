/** The checks a step makes before moving on: the guest email check and the promo code check. */
import { useMutation } from '@tanstack/react-query';
import type { AnonEmailAttributes } from '@parking/domain/api-contract/accounts';
import type { PromoCodeAttributes } from '@parking/domain/api-contract/prices';
import { normalisePromoCode } from '@parking/domain/discounts';
import { apiRequest } from '@/lib/api/client';
import type { SingleDocument } from '@/lib/api/jsonapi';
import { writeDocument } from '@/lib/api/jsonapi';

/** True when the address belongs to no registered user (public-site §7 "Email check"). */
export async function isAnonymousEmail(email: string): Promise<boolean> {
  const document = await apiRequest<SingleDocument<AnonEmailAttributes>>(
    `anon-emails/${encodeURIComponent(email)}`,
  );
  return document.data.attributes.anon;
}

export interface PromoCheck {
  code: string;
  dropOffStart: string;
  dropOffEnd: string;
}

/** POST promo-codes/ with the code and the stay; answers the discount rate ('0.1'). */
export function usePromoCheck() {
  return useMutation({
    mutationFn: async (check: PromoCheck) => {
      const document = await apiRequest<SingleDocument<PromoCodeAttributes>>('promo-codes', {
        method: 'POST',
        body: writeDocument('promo-codes', {
          code: normalisePromoCode(check.code),
          dropOffStart: check.dropOffStart,
          dropOffEnd: check.dropOffEnd,
        }),
      });
      return { code: document.data.attributes.code, discountRate: document.data.attributes.discountRate };
    },
  });
}
