"""The one error a review raises for a request it cannot answer."""


class ReviewError(ValueError):
    """No such seat or deal, or the deal is not finished; the message says which."""
