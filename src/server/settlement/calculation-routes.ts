import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calculateTransitionPayment } from '../../contract/rules/transition-payment';
import {
  END_BEFORE_FIRST_MAXIMUM,
  END_BEFORE_START,
  TransitionPaymentRequestSchema,
  WwCheckRequestSchema,
  type TransitionPaymentResult,
  TransitionPaymentResponseSchema,
  WwCheckResponseSchema,
} from '../../contract/settlement';
import { validationKey } from '../../contract/validation-messages';
import { requireUser } from '../auth/access';
import { fieldError, forbidden } from '../infra/errors/errors';
import { requestTranslate } from '../infra/errors/language';
import { absentBodyAsEmptyObject } from '../infra/http/deferred-validation';
import { describeWwCheck, wwCheckOf } from './calculations';

/** Clients and lawyers may calculate; an admin never handles case content (403); no. */
async function requireCalculator(request: FastifyRequest) {
  const auth = await requireUser(request);
  if (auth.role !== 'client' && auth.role !== 'lawyer') throw forbidden();
  return auth;
}

/**
 * The two calculation calls. Their bodies are declared with the contract's schemas (so the
 * OpenAPI document shows them) and validated as on every route: the refusal is read only after
 * the role check, so the order holds (401, 403, then 422 on the field).
 */
export const calculationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/calculations/transition-payment',
    {
      schema: { response: { 200: TransitionPaymentResponseSchema }, body: TransitionPaymentRequestSchema },
      preValidation: absentBodyAsEmptyObject,
    },
    async (request) => {
      await requireCalculator(request);
      const body = request.body;
      const result = calculateTransitionPayment({
        startDate: body.start_date,
        endDate: body.end_date,
        monthlySalaryCents: body.monthly_salary_cents,
        holidayAllowancePercent: body.holiday_allowance_percent,
        yearEndCents: body.year_end_cents,
        extrasMonthlyCents: body.extras_monthly_cents,
        variableThreeYearsCents: body.variable_three_years_cents,
      });
      // The schema refuses both cases first; this keeps the route honest if the two ever part.
      if (!result.ok)
        throw fieldError(
          'end_date',
          result.refusal.reason === 'end-before-start'
            ? validationKey(END_BEFORE_START)
            : validationKey(END_BEFORE_FIRST_MAXIMUM),
        );
      const v = result.value;
      const data: TransitionPaymentResult = {
        amount_cents: v.amountCents,
        monthly_wage_cents: v.monthlyWageCents,
        capped: v.capped,
        cap_cents: v.capCents,
        year_maximum_cents: v.yearMaximumCents,
        maximum_year: v.maximumYear,
        provisional: v.provisional,
        years: v.years,
        months: v.months,
        days: v.days,
      };
      return { data };
    },
  );

  app.post(
    '/api/calculations/ww-check',
    {
      schema: { response: { 200: WwCheckResponseSchema }, body: WwCheckRequestSchema },
      preValidation: absentBodyAsEmptyObject,
    },
    async (request) => {
      await requireCalculator(request);
      return { data: describeWwCheck(wwCheckOf(request.body), requestTranslate(request)) };
    },
  );
};
