/** Query keys of the invest feature; everything under `investKeys.all`. */
export const investKeys = {
  all: ['invest'] as const,
  offerings: (dtype: string, hot: boolean) => ['invest', 'offerings', dtype, hot] as const,
  offering: (dtype: string, id: number) => ['invest', 'offering', dtype, id] as const,
  previews: ['invest', 'preview'] as const,
  preview: (params: Record<string, string | number | undefined>) => ['invest', 'preview', params] as const,
};
