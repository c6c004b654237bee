import { useMutation } from '@tanstack/react-query';
import {
  TransitionPaymentResponseSchema,
  WwCheckResponseSchema,
  type TransitionPaymentRequest,
  type WwCheckRequest,
} from '../../../contract/settlement';
import { api } from '../../lib/api';

/** POST /api/calculations/transition-payment. */
export const useTransitionPayment = () =>
  useMutation({
    mutationFn: async (body: TransitionPaymentRequest) =>
      (await api.post('/api/calculations/transition-payment', body, TransitionPaymentResponseSchema)).data,
  });

/** POST /api/calculations/ww-check. */
export const useWwCheck = () =>
  useMutation({
    mutationFn: async (body: WwCheckRequest) =>
      (await api.post('/api/calculations/ww-check', body, WwCheckResponseSchema)).data,
  });
