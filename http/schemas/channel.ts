import { z } from 'zod';
import { CHANNELS } from '../../engine/index.js';

/** A customer-facing channel, as sessions and queue items name it (docs/architecture.md, "Channels"). */
export const ChannelSchema = z.enum(CHANNELS).meta({ id: 'Channel', description: 'The customer\'s channel; `rtc_sip` is a phone call' });
