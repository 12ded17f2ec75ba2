"""MLflow set-up shared by the benchmarks: a local store whose artifacts stay under the repo's
``runs/`` (``mlflow.artifact_dir``), never in the current working directory."""

from __future__ import annotations

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
