import { cn } from '@/lib/cn';
import { CheckIcon } from './icons';

export interface StepperStep {
  label: string;
  subLabel?: string;
}

export function Stepper({
  steps,
  active,
  className,
}: {
  steps: StepperStep[];
  active: number;
  className?: string;
}) {
  return (
    <ol className={cn('flex w-full items-start', className)} aria-label="Progress">
      {steps.map((step, i) => {
        const done = i < active;
        const current = i === active;
        return (
          <li
            key={step.label}
            className="relative flex flex-1 flex-col items-center text-center"
            aria-current={current ? 'step' : undefined}
          >
            {i > 0 && (
              <span
                aria-hidden="true"
                className={cn(
                  'absolute top-4 right-1/2 h-0.5 w-full -translate-y-1/2',
                  i <= active ? 'bg-brand-500' : 'bg-slate-200',
                )}
              />
            )}
            <span
              className={cn(
                'relative z-10 flex size-8 items-center justify-center rounded-full text-sm font-semibold ring-4 ring-white',
                done && 'bg-brand-500 text-white',
                current && 'bg-brand-700 text-white',
                !done && !current && 'bg-slate-200 text-slate-500',
              )}
            >
              {done ? <CheckIcon size={16} /> : i + 1}
            </span>
            <span
              className={cn(
                'mt-2 text-xs font-semibold sm:text-sm',
                current ? 'text-brand-700' : 'text-slate-500',
              )}
            >
              {step.label}
            </span>
            {step.subLabel && <span className="hidden text-xs text-slate-400 sm:block">{step.subLabel}</span>}
          </li>
        );
      })}
    </ol>
  );
}
