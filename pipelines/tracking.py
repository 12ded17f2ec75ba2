"""MLflow set-up shared by the pipelines and the benchmarks: a local store whose artifacts stay
under the repo's ``runs/`` (``mlflow.artifact_dir``), never in the current working directory.

Only parameters, numbers and files that hold no raw personal data are logged (minimized text,
offsets, labels, reports).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from configs.settings import Settings, resolve_path


def start_run(settings: Settings, experiment: str, run_name: str) -> Any:
    """Point MLflow at the configured store, create ``experiment`` if needed, start a run."""
    import mlflow

    mlflow.set_tracking_uri(settings.mlflow_uri())
    if mlflow.get_experiment_by_name(experiment) is None:
        artifacts = resolve_path(settings.mlflow.artifact_dir) / experiment
        artifacts.mkdir(parents=True, exist_ok=True)
        mlflow.create_experiment(experiment, artifact_location=artifacts.as_uri())
    mlflow.set_experiment(experiment)
    return mlflow.start_run(run_name=run_name)


class Tracker:
    """An optional MLflow run: every call is a no-op when built without settings (``--no-mlflow``)."""

    def __init__(self, settings: Settings | None) -> None:
        self._settings = settings
        self._mlflow: Any = None

    def start(self, experiment: str, run_name: str) -> None:
        if self._settings is None:
            return
        import mlflow

        self._mlflow = mlflow
        start_run(self._settings, experiment, run_name)

    def params(self, values: dict[str, Any]) -> None:
        if self._mlflow is not None:
            self._mlflow.log_params(values)

    def metrics(self, values: dict[str, float], step: int | None = None) -> None:
        if self._mlflow is not None:
            self._mlflow.log_metrics(values, step=step)

    def step_metrics(self, values: dict[str, float], step: int) -> None:
        """One optimizer metric call as a step (``step_u``, ``step_f``, ``step_m_lambda``)."""
        self.metrics({f"step_{k}": v for k, v in values.items()}, step=step)

    def artifact(self, path: Path) -> None:
        if self._mlflow is not None:
            self._mlflow.log_artifact(str(path))

    def end(self) -> None:
        if self._mlflow is not None:
            self._mlflow.end_run()
            self._mlflow = None
