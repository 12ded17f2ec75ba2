"""The curious provider of the tests: :class:`eval.recording_provider.RecordingProvider` (an
OpenAI-compatible server on loopback that records every request body it receives)."""

from eval.recording_provider import RecordingProvider as CuriousProvider
from eval.recording_provider import echo_reply, placeholder_reply

__all__ = ["CuriousProvider", "echo_reply", "placeholder_reply"]
