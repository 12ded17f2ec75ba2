"""The trust boundary: the locality rule for raw-text roles, LM clients, the guarded session, the
one egress point (check, send, record) and its ledger.

    clients   BoundaryLM, local_lm, external_lm, lm_detector_resources, StructuredJSONAdapter
    session   guarded_session, EgressSession
    gate      EgressGate (the only way out)
    egress    check_egress (what may leave)
    ledger    EgressLedger, request_hash
"""
