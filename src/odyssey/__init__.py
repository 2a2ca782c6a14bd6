"""Odyssey: measure how well AI agents act in Minecraft worlds, on a headless faithful engine."""

__version__ = "0.1.0"
