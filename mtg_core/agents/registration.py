"""The Gymnasium environment ids of the package, registered when ``mtg_core`` is imported
with Gymnasium installed.

Gymnasium 1.0 dropped its plugin entry points (the ``gymnasium.envs`` group of older
versions is no longer read): a package registers its ids when it is imported, so
``gymnasium.make("mtg_core/Magic-v0")`` works after ``import mtg_core``, and with nothing
imported Gymnasium's own ``"module:id"`` form imports the package first:

>>> import gymnasium
>>> env = gymnasium.make("mtg_core:mtg_core/Magic-v0", decks=("bears", "red"))
>>> env.spec.max_episode_steps
5000

Registering imports only Gymnasium: the environment's module is imported by
``gymnasium.make`` (the entry point is a string).
"""
from __future__ import annotations

# A random agent's whole game at the default 50-turn limit is 300-600 agent steps: the
# step limit only stops a runaway episode (a game's own end is its turn limit,
# ``max_turns``, reported as ``truncated``).  ``gymnasium.make(..., max_episode_steps=n)``
# overrides it, e.g. for a longer turn limit.
MAX_EPISODE_STEPS = 5000

GYMNASIUM_ENVS = {
    "mtg_core/Magic-v0": {"entry_point": "mtg_core.agents.gym_env:MtgEnv",
                          "max_episode_steps": MAX_EPISODE_STEPS},
}


def register_gymnasium_envs() -> bool:
    """Register :data:`GYMNASIUM_ENVS` with Gymnasium (each id once); False when Gymnasium
    is not installed."""
    try:
        import gymnasium
    except ModuleNotFoundError as err:
        if err.name != "gymnasium":
            raise
        return False
    for env_id, spec in GYMNASIUM_ENVS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, **spec)
    return True
