import { createQueryClient } from '@lotus/client';

// Public site data changes rarely; a minute keeps page switches instant.
export const queryClient = createQueryClient({ staleTime: 60_000, refetchOnWindowFocus: false });
