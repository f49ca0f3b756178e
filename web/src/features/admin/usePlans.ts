import { useEffect, useState } from 'react';
import type { Plan } from '../../generated/api';
import { listPlans } from './adminApi';

/**
 * The plans to choose from in a user's or a code's plan field. A failure leaves the list empty:
 * the fields then offer only the plan already set, and the list's own error says what failed.
 */
export function usePlans(): Plan[] {
  const [plans, setPlans] = useState<Plan[]>([]);
  useEffect(() => {
    let current = true;
    listPlans().then(
      (answer) => current && setPlans(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return plans;
}

/** A plan's name for a table cell, its id when the plan list has not loaded. */
export function planName(plans: Plan[], id: string): string {
  return plans.find((p) => p.id === id)?.name ?? id;
}
