import { envelopeJson, type EventEnvelope } from './event-envelope';

describe('envelopeJson', () => {
  it('writes the bytes JSON.stringify writes for the envelope, with the stored data text as it is', () => {
    const occurredAt = new Date('2026-11-26T10:00:00.987Z');
    const samples: unknown[] = [{ id: 7 }, { name: 'Größe "quoted" \\ slash \u2028', nested: [1, -0.5, null, true, { a: 'é' }] }, [], 'text', 12345678901234];
    for (const data of samples) {
      const dataText = JSON.stringify(data);
      const envelope: EventEnvelope = { id: 'evt_000000000042', sequence: 42, type: 'customer.updated', timestamp: '2026-11-26T10:00:00+0000', data };
      expect(envelopeJson({ sequence: 42, type: 'customer.updated', occurredAt, dataText })).toBe(JSON.stringify(envelope));
    }
  });

  it('pads the id to 12 digits and keeps longer sequences whole', () => {
    const occurredAt = new Date('2026-01-02T03:04:05Z');
    expect(envelopeJson({ sequence: 1, type: 'cart.deleted', occurredAt, dataText: '{"id":1}' })).toBe(
      '{"id":"evt_000000000001","sequence":1,"type":"cart.deleted","timestamp":"2026-01-02T03:04:05+0000","data":{"id":1}}',
    );
    expect(envelopeJson({ sequence: 1234567890123, type: 'cart.deleted', occurredAt, dataText: '{"id":1}' })).toContain('"id":"evt_1234567890123","sequence":1234567890123,');
  });
});
