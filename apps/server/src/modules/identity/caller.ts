import type { FastifyRequest } from 'fastify';
import { findCountryOfIp } from '../site/index.ts';

/** Where a login or registration came from, recorded with the session and the login journal. */
export interface Caller {
  ip: string;
  country: string;
  device: string;
}

export function callerOf(request: FastifyRequest): Caller {
  return { ip: request.ip, country: findCountryOfIp(request.ip), device: request.device };
}
